// Mermaid style lists (`fill:#f9f,stroke:#333,stroke-width:4px`): split outside parentheses, read into declarations.

export interface Decl {
  prop: string;
  value: string;
  raw: string;
}

/** Split `a,b:c(1,2),d` on `sep` outside parentheses (Mermaid style lists: `fill:rgb(1,2,3),color:#fff`). */
export function splitOutsideParens(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (ch === sep && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** Split a Mermaid style list on commas outside parentheses; pieces without a colon continue the previous value. */
export function parseDecls(text: string): Decl[] {
  const pieces = splitOutsideParens(text, ',');
  const decls: Decl[] = [];
  for (const piece of pieces) {
    let cut = piece.trimEnd().length;
    while (cut > 0 && piece[cut - 1] === ';') cut--;
    const trimmed = piece.slice(0, cut).trim();
    if (trimmed === '') continue;
    const colon = trimmed.indexOf(':');
    const prev = decls[decls.length - 1];
    if (colon <= 0) {
      if (prev) {
        prev.value = `${prev.value},${trimmed}`;
        prev.raw = `${prev.raw},${piece}`;
      }
      continue;
    }
    decls.push({ prop: trimmed.slice(0, colon).trim().toLowerCase(), value: trimmed.slice(colon + 1).trim(), raw: piece });
  }
  return decls;
}
