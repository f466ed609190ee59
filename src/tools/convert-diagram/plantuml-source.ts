// PlantUML source handling shared by the component and activity parsers: @startuml block, comments,
// preprocessor lines, label text, inline colour specs, skinparam and diagram-kind detection.
import { plantumlColour } from '../kit/colour/notations.ts';
import type { GraphEdge, LostList, Style } from './model.ts';
import { parseError, unsupportedType } from './model.ts';
import { flattenHtml, hasHtmlTags, splitFirstWord } from './text.ts';
import { truncate } from '../kit/text.ts';

export interface PumlLine {
  text: string;
  line: number;
}

/** Lines of the first @startuml block, trimmed, without comments, preprocessor lines or <style> blocks. */
export function readPlantUml(src: string, lost: LostList): PumlLine[] {
  const raw = stripBlockComments(src).split('\n');
  let from = 0;
  let to = raw.length;
  const startAt = raw.findIndex((l) => /^\s*@start[a-z0-9_]+\b/i.test(l));
  if (startAt >= 0) {
    const type = (/^\s*@start([a-z0-9_]+)/i.exec(raw[startAt] ?? '')?.[1] ?? '').toLowerCase();
    if (type !== 'uml') throw unsupportedType('plantuml', type, startAt + 1);
    const endAt = raw.findIndex((l, i) => i > startAt && /^\s*@enduml\b/i.test(l));
    if (endAt < 0) throw parseError('@startuml is never closed by @enduml', startAt + 1);
    from = startAt + 1;
    to = endAt;
    if (raw.slice(endAt + 1).some((l) => /^\s*@start/i.test(l))) lost.add('statement_dropped', 'only the first @startuml block is converted', endAt + 2);
  } else if (raw.some((l) => /^\s*@enduml\b/i.test(l))) {
    throw parseError('@enduml without @startuml', raw.findIndex((l) => /^\s*@enduml\b/i.test(l)) + 1);
  }
  const out: PumlLine[] = [];
  let skipUntil: RegExp | null = null;
  for (let i = from; i < to; i++) {
    const text = (raw[i] ?? '').trim();
    const line = i + 1;
    if (skipUntil) {
      if (skipUntil.test(text)) skipUntil = null;
      continue;
    }
    if (text === '' || text.startsWith("'")) continue;
    if (text.startsWith('!')) {
      const kw = (/^!\s*([a-z_$]+)/i.exec(text)?.[1] ?? '').toLowerCase();
      if (kw === 'procedure' || kw === 'function' || kw === 'unquoted') skipUntil = /^!\s*end(procedure|function)\b/i;
      else if (kw === 'definelong') skipUntil = /^!\s*enddefinelong\b/i;
      lost.add('directive_dropped', `preprocessor directive !${truncate(kw, 30)} is not evaluated`, line);
      continue;
    }
    if (/^<style>/i.test(text)) {
      if (!/<\/style>/i.test(text)) skipUntil = /<\/style>/i;
      lost.add('directive_dropped', 'a <style> block is not carried over', line);
      continue;
    }
    out.push({ text, line });
  }
  return out;
}

/**
 * Remove /' ... '/ comments, keeping line breaks so line numbers stay right. An opener inside a "quoted"
 * label on its line is label text, not a comment (labels such as "'/'a" occur and must survive). One pass
 * with the quote state carried along (asking, at each opener, whether a quote was open since the line start
 * re-read the line: quadratic on a line of openers).
 */
function stripBlockComments(src: string): string {
  const parts: string[] = [];
  let from = 0;
  let inside = false;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x0a) inside = false;
    else if (c === 0x22) inside = !inside;
    else if (c === 0x2f && !inside && src.charCodeAt(i + 1) === 0x27) {
      const close = src.indexOf("'/", i + 2);
      const end = close < 0 ? src.length : close + 2;
      parts.push(src.slice(from, i), src.slice(i, end).replace(/[^\n]/g, ' '));
      // A comment spanning lines ends any quotation open before it; quotes inside a comment do not count.
      if (src.slice(i, end).includes('\n')) inside = false;
      from = end;
      i = end - 1;
    }
  }
  parts.push(src.slice(from));
  return parts.join('');
}

export type PumlKind = 'activity' | 'component';

/** The line with the text of each double-quoted string blanked (the quotes stay), so no keyword is read inside a name. */
function outsideQuotes(text: string): string {
  if (!text.includes('"')) return text;
  let out = '';
  let inside = false;
  for (const ch of text) {
    if (ch === '"') {
      inside = !inside;
      out += ch;
    } else out += inside ? ' ' : ch;
  }
  return out;
}

const SEQUENCE_ONLY = /^(participant|activate|deactivate|destroy|autonumber|create|return|ref\s+over|note\s+over|alt\b|opt\b|loop\b|par\b|critical\b|\.\.\.|\|\|\||==.*==$|box\s+")/i;
const ELEMENT_KEYWORDS = [
  'action',
  'actor',
  'agent',
  'artifact',
  'boundary',
  'card',
  'circle',
  'cloud',
  'collections',
  'component',
  'control',
  'database',
  'entity',
  'file',
  'folder',
  'frame',
  'hexagon',
  'interface',
  'label',
  'node',
  'package',
  'person',
  'process',
  'queue',
  'rectangle',
  'stack',
  'storage',
  'usecase',
];
export const ELEMENT_KEYWORD_SET = new Set(ELEMENT_KEYWORDS);

// A diagram keyword followed by whitespace and a name, not an arrow: `class Order` declares a class, while
// `Class --> B` (or `Map --> B`: an element whose name is a keyword) is a link in a component diagram.
const CLASS_DECLARATION = /^(abstract\s+class|abstract|class|enum|annotation|struct|protocol)[ \t]+(?![ \t]|[<*]?[-.])/i;
const STATE_DECLARATION = /^state[ \t]+(?![ \t]|[<*]?[-.])/i;
const OBJECT_DECLARATION = /^(object|map|json)[ \t]+(?![ \t]|[<*]?[-.])/i;
const TIMING_DECLARATION = /^(robust|concise|clock|binary)[ \t]+(?![ \t]|[<*]?[-.])/i;

/**
 * Which PlantUML diagram the lines describe. Activity (new syntax) and description (component, deployment,
 * use case) diagrams are converted; the others are named so the caller gets a clear 400.
 */
export function detectKind(lines: PumlLine[]): PumlKind {
  let description = false;
  let bareArrows = false;
  for (const { text: full, line } of lines) {
    const text = outsideQuotes(full);
    if (/^\(\*\)/.test(text) || /-->\s*\(\*\)/.test(text)) throw unsupportedType('plantuml', 'legacy_activity', line);
    if (/^(start|stop|endif|end\s*if|endwhile|end\s*while|fork|fork\s+again|end\s+fork|end\s+merge|split|split\s+again|end\s+split|repeat|detach|kill|endswitch)$/i.test(text)) return 'activity';
    if (/^(#[^:\s]+)?:[^\n]*[;|<>/\\\]}]$/.test(text) && !/^:[^:]+:(\s|$)/.test(text)) return 'activity';
    if (/^#[^:\s]+:/.test(text) || /^:[^:]*$/.test(text)) return 'activity';
    if (/^(if|while|switch)\s*\(/i.test(text) || /^repeat\s+while\b/i.test(text) || /^\|[^|]+\|/.test(text) || /^partition\b/i.test(text)) return 'activity';
  }
  for (const { text: full, line } of lines) {
    // Keywords and pseudo-states count outside quoted names only: a node labelled "[*]a" is not a state diagram.
    const text = outsideQuotes(full);
    if (CLASS_DECLARATION.test(text)) throw unsupportedType('plantuml', 'class', line);
    if (STATE_DECLARATION.test(text) || /^\[\*\]|[->][ \t]{0,8}\[\*\]/.test(text)) throw unsupportedType('plantuml', 'state', line);
    if (OBJECT_DECLARATION.test(text)) throw unsupportedType('plantuml', 'object', line);
    if (TIMING_DECLARATION.test(text)) throw unsupportedType('plantuml', 'timing', line);
    if (/^(project\s+starts|\[[^\]]+\]\s+(lasts|requires|starts|ends|happens|is\s+colored))/i.test(text)) throw unsupportedType('plantuml', 'gantt', line);
    if (SEQUENCE_ONLY.test(text)) throw unsupportedType('plantuml', 'sequence', line);
    const first = (/^[a-z]+/i.exec(text)?.[0] ?? '').toLowerCase();
    if (ELEMENT_KEYWORD_SET.has(first) || /^(\[|\(\)|\(|:[^:]+:)/.test(text) || /[-.]\s*(\[|\(\)|\(|:[^:]+:)/.test(text)) description = true;
    if (/^[\p{L}\p{N}_."]+\s*[<]?-+>?\s*[\p{L}\p{N}_."]+/u.test(text)) bareArrows = true;
  }
  // PlantUML itself reads `A -> B` between undeclared names as a sequence diagram.
  if (!description && bareArrows) throw unsupportedType('plantuml', 'sequence', lines[0]?.line);
  return 'component';
}

/** Label text: `\n` escapes, `<U+XXXX>`, `~` escapes, Creole emphasis and HTML-ish tags reduced to plain text. */
export function pumlText(raw: string, lost: LostList, line: number, where: string): string {
  // Escaped and <U+XXXX> characters are literal: park them where Creole and tag patterns cannot see them.
  const parked: string[] = [];
  const park = (c: string): string => `\ue001${parked.push(c) - 1}\ue002`;
  let s = raw.replace(/\\(n|t|\\)|<U\+([0-9a-f]{1,6})>/gi, (_, esc: string | undefined, hex: string | undefined) => {
    if (esc === 'n' || esc === 'N') return '\n';
    if (esc === 't' || esc === 'T') return ' ';
    if (esc === '\\') return park('\\');
    const n = parseInt(hex ?? '', 16);
    return park(n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\ufffd');
  });
  // <<stereotype>> text is shown by PlantUML between guillemets.
  s = s.replace(/<<([^<>\n]{1,200})>>/g, '«$1»');
  s = s.replace(/~([^\ue001])/g, (_, c: string) => park(c));
  const creole = s
    .replace(/\*\*([^*\n]{1,500})\*\*/g, '$1')
    .replace(/(^|[^:])\/\/([^/\n]{1,500})\/\//g, '$1$2')
    .replace(/""([^"\n]{1,500})""/g, '$1')
    .replace(/__([^_\n]{1,500})__/g, '$1')
    .replace(/--([^-\n]{1,500})--/g, '$1')
    .replace(/~~([^~\n]{1,500})~~/g, '$1');
  if (creole !== s) lost.add('markdown_label_flattened', `${truncate(where, 60)}: Creole emphasis in the label was dropped`, line);
  if (hasHtmlTags(creole)) lost.add('html_label_flattened', `${truncate(where, 60)}: markup tags in the label were dropped`, line);
  return flattenHtml(creole)
    .text.replace(/\ue001(\d+)\ue002/g, (_, k: string) => parked[Number(k)] ?? '')
    .trim();
}

/**
 * An inline colour spec after `#`: `pink`, `#ff0000`, `back:pink;line:red;line.dashed;line.bold;text:blue`,
 * `##[dashed]red` (border). Returns the style it sets.
 */
export function parseColourSpec(spec: string, lost: LostList, line: number, where: string): Style {
  const style: Style = {};
  const text = spec.replace(/^#/, '');
  const colour = (v: string, slot: 'fill' | 'stroke' | 'color'): void => {
    const read = plantumlColour(v);
    if (read.partial) lost.add('colour_dropped', `${truncate(where, 60)}: a gradient keeps only its first colour`, line);
    if (read.hex) style[slot] = read.hex;
    else lost.add('colour_dropped', `${truncate(where, 60)}: colour "${truncate(v, 30)}" is not recognised`, line);
  };
  if (text.startsWith('#')) {
    // ##[style]colour sets the border.
    const m = /^#(?:\[(\w+)\])?(.*)$/.exec(text);
    if (m?.[1] === 'dashed' || m?.[1] === 'dotted') style.dash = m[1];
    else if (m?.[1] === 'bold') style.strokeWidth = 2;
    if (m?.[2]) colour(m[2], 'stroke');
    return style;
  }
  const parts = text.split(';').filter((p) => p !== '');
  for (const [i, part] of parts.entries()) {
    const p = part.trim();
    if (/^line\.(dashed|dotted)$/i.test(p)) style.dash = p.toLowerCase().endsWith('dashed') ? 'dashed' : 'dotted';
    else if (/^line\.bold$/i.test(p)) style.strokeWidth = 2;
    else if (/^line:/i.test(p)) colour(p.slice(5), 'stroke');
    else if (/^text:/i.test(p)) colour(p.slice(5), 'color');
    else if (/^back:/i.test(p)) colour(p.slice(5), 'fill');
    else if (i === 0 && !p.includes(':')) colour(p, 'fill');
    else lost.add('style_property_dropped', `${truncate(where, 60)}: colour spec part "${truncate(p, 30)}" has no equivalent`, line);
  }
  return style;
}

/** skinparam values: element kind (or `arrow`) and optional stereotype -> style. */
export class SkinParams {
  /** skinparam arrow colours and width, given to every edge that does not set its own. */
  applyArrow(edges: Iterable<GraphEdge>): void {
    const a = this.arrow;
    for (const e of edges) {
      if (a.color && !e.style.color) e.style.color = a.color;
      if (a.fontColor && !e.style.fontColor) e.style.fontColor = a.fontColor;
      if (a.width !== undefined && e.style.width === undefined) e.style.width = a.width;
    }
  }

  /** Reads a `skinparam` line at lines[at] and, for `skinparam x {`, its block; returns the lines consumed. */
  read(lines: readonly PumlLine[], at: number): number {
    const { text, line } = lines[at] as PumlLine;
    const prefix = this.line(text, line);
    let i = at + 1;
    if (prefix === null) return i - at;
    while (i < lines.length && (lines[i]?.text ?? '') !== '}') {
      const m = splitFirstWord(lines[i]?.text ?? '');
      if (m) this.set(`${prefix}${m[0]}`, m[1].trim(), lines[i]?.line ?? line);
      i++;
    }
    if (i >= lines.length) throw parseError('a skinparam { block is never closed', line);
    return i + 1 - at;
  }

  readonly byKind = new Map<string, Style>();
  readonly byStereotype = new Map<string, Style>();
  readonly arrow: { color?: string; fontColor?: string; width?: number } = {};

  constructor(
    private readonly lost: LostList,
    private readonly kinds: Set<string>,
  ) {}

  /** Read `skinparam key value` or one line inside `skinparam prefix { ... }`. */
  set(key: string, value: string, line: number): void {
    if (key.length > 200) {
      this.lost.add('directive_dropped', `skinparam ${truncate(key, 40)} has no equivalent`, line);
      return;
    }
    // redos-bounded: key is at most 200 characters (checked above)
    const m = /^([a-z]+?)?(?:<<\s*([^>]{1,80}?)\s*>>)?(backgroundcolor|bordercolor|fontcolor|borderthickness|fontsize|fontname|fontstyle|color|thickness)$/i.exec(key);
    const kind = m?.[1]?.toLowerCase();
    const prop = m?.[3]?.toLowerCase();
    if (!m || prop === undefined) {
      this.lost.add('directive_dropped', `skinparam ${truncate(key, 40)} has no equivalent`, line);
      return;
    }
    if (kind === 'arrow') {
      const c = plantumlColour(value).hex;
      if ((prop === 'color' || prop === 'bordercolor') && c) this.arrow.color = c;
      else if (prop === 'fontcolor' && c) this.arrow.fontColor = c;
      else if (prop === 'thickness' && Number.isFinite(Number(value))) this.arrow.width = Math.max(0, Math.min(100, Number(value)));
      else this.lost.add('directive_dropped', `skinparam ${truncate(key, 40)} has no equivalent`, line);
      return;
    }
    if (kind !== undefined && !this.kinds.has(kind)) {
      this.lost.add('directive_dropped', `skinparam ${truncate(key, 40)} has no equivalent`, line);
      return;
    }
    if (kind === undefined && m[2] === undefined) {
      this.lost.add('directive_dropped', `skinparam ${truncate(key, 40)} (diagram-wide) has no equivalent`, line);
      return;
    }
    const target = m[2] !== undefined ? this.byStereotype : this.byKind;
    const slot = m[2] !== undefined ? m[2] : (kind ?? '');
    const style = target.get(slot) ?? {};
    const colour = plantumlColour(value).hex;
    switch (prop) {
      case 'backgroundcolor':
        if (colour) style.fill = colour;
        break;
      case 'bordercolor':
      case 'color':
        if (colour) style.stroke = colour;
        break;
      case 'fontcolor':
        if (colour) style.color = colour;
        break;
      case 'borderthickness':
      case 'thickness':
        if (Number.isFinite(Number(value))) style.strokeWidth = Math.max(0, Math.min(100, Number(value)));
        break;
      case 'fontsize':
        if (Number.isFinite(Number(value)) && Number(value) > 0) style.fontSize = Math.min(200, Number(value));
        break;
      case 'fontname':
        style.fontFamily = value.replace(/^"|"$/g, '');
        break;
      case 'fontstyle':
        if (/bold/i.test(value)) style.fontWeight = 'bold';
        if (/italic/i.test(value)) style.fontStyle = 'italic';
        break;
    }
    target.set(slot, style);
  }

  /** Handle a `skinparam` line; returns the block prefix when the line opens a `{` block. */
  line(text: string, line: number): string | null {
    const body = text.replace(/^skinparam\s+/i, '');
    const block = /^([^\s{]+)\s*\{$/.exec(body);
    if (block) return block[1] ?? '';
    const m = splitFirstWord(body);
    if (!m) {
      this.lost.add('directive_dropped', `skinparam ${truncate(body, 40)} has no equivalent`, line);
      return null;
    }
    this.set(m[0], m[1].trim(), line);
    return null;
  }
}

/**
 * The statements both parsers read alike: `title`, `header`, `legend`... lines, then `skinparam` lines and blocks
 * (into `skin`). Returns how many lines were consumed (0: not one of these).
 */
export function sharedStatement(lines: PumlLine[], i: number, lost: LostList, g: { title?: string }, skin: SkinParams): number {
  const common = commonStatement(lines, i, lost, (t) => {
    g.title = t;
  });
  if (common > 0) return common;
  return /^skinparam\s/i.test(lines[i]?.text ?? '') ? skin.read(lines, i) : 0;
}

/** `title`, `header`, `legend`... lines. Returns how many lines were consumed (0: not one of these). */
function commonStatement(lines: PumlLine[], i: number, lost: LostList, onTitle: (t: string) => void): number {
  const cur = lines[i];
  if (!cur) return 0;
  const { text, line } = cur;
  const single = /^title\s/i.test(text) ? text.slice(5).trimStart() : '';
  if (single !== '') {
    onTitle(pumlText(single, lost, line, 'title'));
    return 1;
  }
  const blocks: [RegExp, RegExp, string][] = [
    [/^title$/i, /^end\s*title$/i, 'title'],
    [/^(left|right|center)?\s*header$/i, /^end\s*header$/i, 'header'],
    [/^(left|right|center)?\s*footer$/i, /^end\s*footer$/i, 'footer'],
    [/^legend\b.*$/i, /^end\s*legend$/i, 'legend'],
  ];
  for (const [open, close, what] of blocks) {
    if (!open.test(text)) continue;
    let j = i + 1;
    const parts: string[] = [];
    while (j < lines.length && !close.test(lines[j]?.text ?? '')) parts.push(lines[j++]?.text ?? '');
    if (j >= lines.length) throw parseError(`${what} block is never closed`, line);
    if (what === 'title') onTitle(pumlText(parts.join('\\n'), lost, line, 'title'));
    else lost.add('statement_dropped', `${what} has no equivalent`, line);
    return j - i + 1;
  }
  if (/^(left|right|center)?\s*(header|footer)\s+/i.test(text) || /^(caption|legend)\s+/i.test(text)) {
    lost.add('statement_dropped', `${(/^\S+/.exec(text)?.[0] ?? '').toLowerCase()} has no equivalent`, line);
    return 1;
  }
  if (/^(hide|show|remove|restore|scale|allowmixing|allow_mixing|set\s|newpage|mainframe|skinparam\s+handwritten|page\s)/i.test(text)) {
    lost.add('directive_dropped', `${truncate(text, 50)} is not carried over`, line);
    return 1;
  }
  if (/^(floating\s+)?note\b/i.test(text)) {
    // One-line notes have ":" text or are `note "text" as N`; the rest run until `end note`.
    const oneLine = /^(floating\s+)?note\b[^:]*:/i.test(text) || /^note\s+"[^"]*"\s+as\s+\S+$/i.test(text);
    let j = i;
    if (!oneLine) {
      j = i + 1;
      while (j < lines.length && !/^end\s*note$/i.test(lines[j]?.text ?? '')) j++;
      if (j >= lines.length) throw parseError('a note is never closed with end note', line);
    }
    lost.add('note_dropped', 'notes are not carried over', line);
    return j - i + 1;
  }
  return 0;
}
