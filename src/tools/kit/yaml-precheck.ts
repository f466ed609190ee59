// A linear pre-pass over YAML text, before a YAML parser sees it: flow collections nested too deep, too many aliases.

/** Where the first limit is passed (1-based line), or null when neither is. */
export interface YamlExcess {
  kind: 'depth' | 'aliases';
  line: number;
}

/**
 * One pass over the text outside quoted scalars and comments (a `#` after white space or at a line start): the
 * first place where `[`/`{` flow collections nest deeper than `maxDepth`, or where an alias (`*name` after a
 * blank, `[`, `,` or a line start) is the one past `maxAliases`. YAML parsers recurse once per level and resolve
 * every alias; both cost little to count first.
 */
export function yamlExcess(text: string, maxDepth: number, maxAliases = Number.POSITIVE_INFINITY): YamlExcess | null {
  let depth = 0;
  let aliases = 0;
  let quote = '';
  let line = 1;
  let prev = '\n';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\n') {
      line++;
      quote = '';
    } else if (quote !== '') {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && /\s/.test(prev)) {
      const nl = text.indexOf('\n', i);
      i = (nl < 0 ? text.length : nl) - 1;
    } else if (ch === '[' || ch === '{') {
      if (++depth > maxDepth) return { kind: 'depth', line };
    } else if (ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === '*' && (prev === ' ' || prev === '[' || prev === ',' || prev === '\n') && ++aliases > maxAliases) return { kind: 'aliases', line };
    prev = ch;
  }
  return null;
}
