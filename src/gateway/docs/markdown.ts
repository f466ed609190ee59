// The Markdown subset the OpenAPI descriptions use, as HTML for the reference page: headings, paragraphs,
// lists, tables, fenced code, inline code and bold. Every character of the source is escaped first.

export function esc(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Inline Markdown of one line or paragraph: `code` and **bold** (no description uses links). */
export function inline(text: string): string {
  // Code spans first: their content is shown as written.
  return text
    .split('`')
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${esc(part)}</code>`;
      return esc(part).replace(/\*\*([^*]{1,500})\*\*/g, '<strong>$1</strong>');
    })
    .join('');
}

/** A heading's fragment id: lower case, runs of anything else as one dash. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

const HEADING = /^(#{1,6}) (.+)$/;
const LIST_ITEM = /^(?:[-*]|\d{1,3}\.) /;
const TABLE_RULE = /^\|(?: ?:?-+:? ?\|)+$/;

function cells(row: string): string[] {
  return row
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

function startsBlock(line: string, next: string | undefined): boolean {
  return line.startsWith('```') || HEADING.test(line) || LIST_ITEM.test(line) || (line.startsWith('|') && next !== undefined && TABLE_RULE.test(next.trim()));
}

/**
 * Block Markdown -> HTML. `idPrefix` names the headings' ids (`<prefix><slug>`), and the headings are returned
 * for a table of contents. Heading levels are shifted by `shift` (a `##` in a description becomes an h3 when 1).
 */
export function markdown(src: string, opts: { idPrefix?: string; shift?: number } = {}): { html: string; headings: Heading[] } {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const headings: Heading[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const lang = line.slice(3).trim();
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i++]!);
      i++;
      out.push(`<pre class="code"${lang ? ` data-lang="${esc(lang)}"` : ''}><code>${esc(body.join('\n'))}</code></pre>`);
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      const level = Math.min(6, h[1]!.length + (opts.shift ?? 0));
      const text = h[2]!.trim();
      const id = `${opts.idPrefix ?? ''}${slug(text)}`;
      headings.push({ level, text, id });
      out.push(`<h${level} id="${esc(id)}">${inline(text)}</h${level}>`);
      i++;
      continue;
    }
    if (line.startsWith('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!.trim())) {
      const head = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(cells(lines[i++]!));
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
      );
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const ordered = /^\d/.test(line);
      const items: string[] = [];
      while (i < lines.length && LIST_ITEM.test(lines[i]!)) {
        let item = lines[i++]!.replace(LIST_ITEM, '');
        // Continuation lines: indented, or plain text up to a blank line or the next block.
        while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!, lines[i + 1])) item += ` ${lines[i++]!.trim()}`;
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
      continue;
    }
    const para: string[] = [line.trim()];
    i++;
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!, lines[i + 1])) para.push(lines[i++]!.trim());
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return { html: out.join('\n'), headings };
}
