// A careful XML tokenizer for SVG that keeps each element's source span (harden mode rewrites attributes in place).
import { ToolError } from '../kit/contract.ts';
import { lineOf, lineStarts } from '../kit/text.ts';

interface AttrSpan {
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
  quote: string;
}

export interface SvgElement {
  kind: 'element';
  index: number;
  /** Local name as written (`foreignObject`), namespace prefix removed. */
  name: string;
  lname: string;
  attrs: Map<string, string>;
  attrSpans: Map<string, AttrSpan>;
  children: SvgNode[];
  parent: SvgElement | null;
  start: number;
  /** Offset just after the start tag's `>`. */
  tagEnd: number;
  selfClosing: boolean;
  line: number;
}

interface SvgText {
  kind: 'text';
  text: string;
}

type SvgNode = SvgElement | SvgText;

export interface SvgDocument {
  source: string;
  root: SvgElement;
  elements: SvgElement[];
  byId: Map<string, SvgElement>;
}

const MAX_ELEMENTS = 10_000;
const MAX_DEPTH = 256;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The five XML entities and numeric references; anything else is left as written. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (m, ref: string) => {
    if (ref.startsWith('#x')) {
      const n = parseInt(ref.slice(2), 16);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    if (ref.startsWith('#')) {
      const n = parseInt(ref.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[ref] ?? m;
  });
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58 || c >= 0xc0;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

class Scanner {
  private readonly lineStarts: number[];
  constructor(readonly s: string) {
    this.lineStarts = lineStarts(s);
  }

  lineOf(offset: number): number {
    return lineOf(this.lineStarts, offset);
  }

  fail(offset: number, message: string): never {
    const line = this.lineOf(offset);
    const column = offset - (this.lineStarts[line - 1] ?? 0) + 1;
    throw new ToolError(400, 'svg_malformed', `The SVG is not well-formed XML: ${message} (line ${line}, column ${column}).`, { line, column });
  }

  readName(p: number): number {
    if (p >= this.s.length || !isNameStart(this.s.charCodeAt(p))) return p;
    let q = p + 1;
    while (q < this.s.length && isNameChar(this.s.charCodeAt(q))) q++;
    return q;
  }
}

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon >= 0 ? qname.slice(colon + 1) : qname;
}

/** A comment, CDATA section (its text goes to `into`), processing instruction or declaration at `lt`: the offset after it, or -1 when `lt` opens none. */
function skipMarkup(sc: Scanner, lt: number, into: SvgElement | null): number {
  const s = sc.s;
  if (s.startsWith('<!--', lt)) {
    const end = s.indexOf('-->', lt + 4);
    if (end < 0) sc.fail(lt, 'unterminated comment');
    return end + 3;
  }
  if (s.startsWith('<![CDATA[', lt)) {
    const end = s.indexOf(']]>', lt + 9);
    if (end < 0) sc.fail(lt, 'unterminated CDATA section');
    if (into) into.children.push({ kind: 'text', text: s.slice(lt + 9, end) });
    return end + 3;
  }
  if (s.startsWith('<?', lt)) {
    const end = s.indexOf('?>', lt + 2);
    if (end < 0) sc.fail(lt, 'unterminated processing instruction');
    return end + 2;
  }
  if (s.startsWith('<!', lt)) {
    // DOCTYPE, possibly with an internal subset; its entities are never expanded.
    const bracket = s.indexOf('[', lt);
    const gt = s.indexOf('>', lt);
    if (gt < 0) sc.fail(lt, 'unterminated declaration');
    if (bracket >= 0 && bracket < gt) {
      const close = s.indexOf(']', bracket);
      const gt2 = close < 0 ? -1 : s.indexOf('>', close);
      if (gt2 < 0) sc.fail(lt, 'unterminated DOCTYPE');
      return gt2 + 1;
    }
    return gt + 1;
  }
  return -1;
}

/** The attributes of the start tag at `lt`, read into `el` from the end of its name: the offset after its `>` or `/>`. */
function readAttributes(sc: Scanner, el: SvgElement, nameEnd: number, lt: number, qname: string): number {
  const s = sc.s;
  let q = nameEnd;
  for (;;) {
    const wsStart = q;
    while (q < s.length && isSpace(s.charCodeAt(q))) q++;
    if (q >= s.length) sc.fail(lt, `unterminated <${qname}> tag`);
    if (s[q] === '>') {
      q++;
      break;
    }
    if (s[q] === '/' && s[q + 1] === '>') {
      el.selfClosing = true;
      q += 2;
      break;
    }
    if (q === wsStart) sc.fail(q, `expected whitespace before an attribute in <${qname}>`);
    const aStart = q;
    const aEnd = sc.readName(q);
    if (aEnd === q) sc.fail(q, `unexpected character "${s[q] ?? ''}" in <${qname}>`);
    const aname = s.slice(aStart, aEnd);
    q = aEnd;
    while (q < s.length && isSpace(s.charCodeAt(q))) q++;
    if (s[q] !== '=') sc.fail(q, `attribute ${aname} has no value`);
    q++;
    while (q < s.length && isSpace(s.charCodeAt(q))) q++;
    const quote = s[q] ?? "";
    if (quote !== '"' && quote !== "'") sc.fail(q, `attribute ${aname} value is not quoted`);
    const vEnd = s.indexOf(quote, q + 1);
    if (vEnd < 0) sc.fail(q, `attribute ${aname} value is not closed`);
    if (el.attrs.has(aname)) sc.fail(aStart, `attribute ${aname} appears twice`);
    el.attrs.set(aname, decodeEntities(s.slice(q + 1, vEnd)));
    el.attrSpans.set(aname, { start: aStart, end: vEnd + 1, valueStart: q + 1, valueEnd: vEnd, quote });
    q = vEnd + 1;
  }
  return q;
}

/** The document node that holds the root element while parsing. */
function documentNode(): SvgElement {
  return {
    kind: 'element',
    index: -1,
    name: '#document',
    lname: '#document',
    attrs: new Map(),
    attrSpans: new Map(),
    children: [],
    parent: null,
    start: 0,
    tagEnd: 0,
    selfClosing: false,
    line: 1,
  };
}

/** The root element, which must be <svg> (400 svg_malformed without one, svg_not_svg when it is another). */
function svgRoot(doc: SvgElement): SvgElement {
  const root = doc.children.find((c): c is SvgElement => c.kind === 'element');
  if (!root) throw new ToolError(400, 'svg_malformed', 'The SVG has no root element.', { line: 1, column: 1 });
  if (root.lname !== 'svg') {
    throw new ToolError(400, 'svg_not_svg', `The document's root element is <${root.name}>, not <svg>: not an SVG diagram.`, { element: root.name });
  }
  root.parent = null;
  return root;
}

/** Parse an SVG document; 400 svg_malformed with line and column, svg_not_svg when the root is not <svg>. */
export function parseSvg(source: string): SvgDocument {
  const s = source;
  const sc = new Scanner(s);
  const doc = documentNode();
  const stack: SvgElement[] = [doc];
  const elements: SvgElement[] = [];
  const byId = new Map<string, SvgElement>();
  let pos = 0;
  const top = (): SvgElement => stack[stack.length - 1] ?? doc;
  while (pos < s.length) {
    const lt = s.indexOf('<', pos);
    if (lt < 0) {
      const rest = s.slice(pos);
      if (rest.trim() !== '') {
        if (stack.length === 1) sc.fail(pos, 'text after the root element');
        top().children.push({ kind: 'text', text: decodeEntities(rest) });
      }
      break;
    }
    if (lt > pos) {
      const text = s.slice(pos, lt);
      if (stack.length > 1) top().children.push({ kind: 'text', text: decodeEntities(text) });
      else if (text.trim() !== '') sc.fail(pos, 'text outside the root element');
    }
    const after = skipMarkup(sc, lt, stack.length > 1 ? top() : null);
    if (after >= 0) {
      pos = after;
      continue;
    }
    if (s[lt + 1] === '/') {
      const nameEnd = sc.readName(lt + 2);
      const qname = s.slice(lt + 2, nameEnd);
      let q = nameEnd;
      while (q < s.length && isSpace(s.charCodeAt(q))) q++;
      if (s[q] !== '>') sc.fail(q, `expected > to end </${qname}`);
      const open = top();
      if (stack.length === 1 || open.name !== localName(qname)) sc.fail(lt, `</${qname}> does not close <${open.name === '#document' ? 'nothing' : open.name}>`);
      stack.pop();
      pos = q + 1;
      continue;
    }
    // Start tag.
    const nameEnd = sc.readName(lt + 1);
    if (nameEnd === lt + 1) sc.fail(lt, 'a < that does not start a tag');
    const qname = s.slice(lt + 1, nameEnd);
    const el: SvgElement = {
      kind: 'element',
      index: elements.length,
      name: localName(qname),
      lname: localName(qname).toLowerCase(),
      attrs: new Map(),
      attrSpans: new Map(),
      children: [],
      parent: stack.length > 1 ? top() : null,
      start: lt,
      tagEnd: 0,
      selfClosing: false,
      line: sc.lineOf(lt),
    };
    const q = readAttributes(sc, el, nameEnd, lt, qname);
    el.tagEnd = q;
    if (stack.length === 1 && doc.children.some((c) => c.kind === 'element')) sc.fail(lt, 'a second root element');
    top().children.push(el);
    elements.push(el);
    if (elements.length > MAX_ELEMENTS) {
      throw new ToolError(400, 'svg_too_complex', `The SVG has more than ${MAX_ELEMENTS} elements.`, { limit: MAX_ELEMENTS });
    }
    const id = el.attrs.get('id');
    if (id !== undefined && !byId.has(id)) byId.set(id, el);
    if (!el.selfClosing) {
      stack.push(el);
      if (stack.length - 1 > MAX_DEPTH) {
        throw new ToolError(400, 'svg_too_complex', `The SVG nests elements more than ${MAX_DEPTH} deep.`, { limit: MAX_DEPTH, line: el.line });
      }
    }
    pos = q;
  }
  if (stack.length > 1) {
    const open = top();
    sc.fail(open.start, `<${open.name}> is never closed`);
  }
  return { source, root: svgRoot(doc), elements, byId };
}

/** All text inside an element (tspans included), entity-decoded, whitespace collapsed. */
export function textContent(el: SvgElement, limit = 2000): string {
  const parts: string[] = [];
  let size = 0;
  const walk = (n: SvgElement): void => {
    for (const c of n.children) {
      if (size > limit) return;
      if (c.kind === 'text') {
        parts.push(c.text);
        size += c.text.length;
      } else walk(c);
    }
  };
  walk(el);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
