// Mermaid's entities: decoding `#quot;`/`#35;` codes and the HTML `&amp;` ones labels carry, and Mermaid's own encoding
// restated, which tells where a colour written as `#rrggbb;` would be read as an entity and break the parse.
//
// Before any diagram parser runs, Mermaid (encodeEntities in mermaid-js/mermaid, packages/mermaid/src/utils.ts)
// rewrites the source line by line: on a line holding `style` (then, separately, `classDef`) followed by
// `:`, a run of non-blank characters, `#`, anything and a `;`, the last `;` of the line is dropped; then every
// `#` + word characters + `;` left anywhere becomes an entity placeholder. A colour such as `#d90000` directly
// followed by a `;` that survived the first step is therefore no colour any more, and the statement no longer
// parses (`linkStyle 0 color:#d90000;` is refused, `linkStyle 0 color:#d90000` is not). The scan below is
// linear; it does what those regular expressions do without backtracking.

const WORD = /^[A-Za-z0-9_]$/;
const BLANK = /^\s$/;

/** Mermaid's first step for one keyword: the offset of the `;` it drops from `line`, or -1. */
function droppedSemicolon(line: string, keyword: string): number {
  const at = line.indexOf(keyword);
  if (at < 0) return -1;
  const last = line.lastIndexOf(';');
  if (last < 0) return -1;
  // `keyword .* : \S* # .* ;` ends at the line's last `;` whenever a `:` is followed, without a blank, by a `#` before it.
  let armed = false;
  for (let k = at + keyword.length; k < last; k++) {
    const ch = line[k] ?? '';
    if (ch === ':') armed = true;
    else if (armed && ch === '#') return last;
    else if (BLANK.test(ch)) armed = false;
  }
  return -1;
}

/**
 * Offsets in `line` (one line, no line break) of every `#` that Mermaid's encodeEntities turns into an
 * entity placeholder, in order.
 */
export function entityStarts(line: string): number[] {
  // Keep the original offsets of the characters that survive the two `;`-dropping steps.
  let chars = line;
  let origin: number[] = Array.from({ length: line.length }, (_, i) => i);
  for (const keyword of ['style', 'classDef']) {
    const drop = droppedSemicolon(chars, keyword);
    if (drop >= 0) {
      chars = chars.slice(0, drop) + chars.slice(drop + 1);
      origin = [...origin.slice(0, drop), ...origin.slice(drop + 1)];
    }
  }
  const out: number[] = [];
  let i = 0;
  while (i < chars.length) {
    if (chars[i] !== '#') {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < chars.length && WORD.test(chars[j] ?? '')) j++;
    if (j > i + 1 && chars[j] === ';') {
      out.push(origin[i] ?? i);
      i = j + 1;
    } else i++;
  }
  return out;
}

/** Lines are what JavaScript's `.` stops at; Mermaid has already turned CRLF into LF. */
export function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/[\n\u2028\u2029]/);
}

/** How many entity placeholders Mermaid would make in these statement lines. */
export function entityCount(lines: readonly string[]): number {
  let n = 0;
  for (const l of lines) n += entityStarts(l).length;
  return n;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  deg: '°',
  middot: '·',
  bull: '•',
  rarr: '→',
  larr: '←',
  harr: '↔',
  uarr: '↑',
  darr: '↓',
};

function codePoint(n: number): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
}

/** Decode `&name;`, `&#123;` and `&#x1F;` entities (unknown names are left as written). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,10});/gi, (all, body: string) => {
    if (body[0] === '#') return codePoint(body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10));
    return NAMED[body.toLowerCase()] ?? all;
  });
}

/** Mermaid's own entity codes: `#quot;`, `#35;`, `#9829;`. */
export function decodeMermaidEntities(s: string): string {
  return s.replace(/#([0-9]{1,7}|[a-z][a-z0-9]{1,10});/gi, (all, body: string) => {
    if (/^[0-9]/.test(body)) return codePoint(parseInt(body, 10));
    return NAMED[body.toLowerCase()] ?? all;
  });
}
