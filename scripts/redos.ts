// ReDoS check: every regular expression in the source, analysed by recheck for super-linear backtracking.
//
// Regex literals and `new RegExp('literal')` calls are read with the TypeScript parser (not a regex over
// the source), then each is given to recheck (automaton + fuzz checker). A regex recheck proves exponential
// or polynomial fails the check unless the line it is on, or the line above, carries a comment
//   // redos-bounded: <why the input it sees is short>
// that says why its input is bounded (a token already capped at a few hundred characters, say). Verdicts are
// kept by pattern and flags in scripts/redos-verdicts.json (committed, like openapi.json): recheck fuzzes, so a
// fresh run over 1,000+ patterns takes a minute and can differ at the margin; the file makes the check fast and
// the same on every machine. A pattern not in the file is analysed when first seen and written to it.
//
// Usage: tsx scripts/redos.ts [paths...] [--json] [--all] [--refresh]
//   default path: src; --all lists safe ones too; --refresh analyses every pattern again
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';

export interface RegexSite {
  file: string;
  line: number;
  source: string;
  flags: string;
  /** The text of the `redos-bounded:` justification, when the site carries one. */
  justified: string | undefined;
}

export interface RegexVerdict extends RegexSite {
  status: 'safe' | 'vulnerable' | 'unknown';
  complexity: string | undefined;
  attack: string | undefined;
}

const JUSTIFY = /\/\/\s*redos-bounded:\s*(.*)$/;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_FILE = path.join(ROOT, 'scripts', 'redos-verdicts.json');
const RECHECK_VERSION = '4.5.0';

function listTs(target: string): string[] {
  const stat = fs.statSync(target);
  if (stat.isFile()) return target.endsWith('.ts') ? [target] : [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    out.push(...listTs(path.join(target, entry.name)));
  }
  return out.sort();
}

/** Test files feed fixed inputs to the code; only what runs on callers' input is checked. */
function isProductionFile(file: string): boolean {
  return !/\.test\.ts$/.test(file);
}

function justification(lines: string[], line: number): string | undefined {
  for (const l of [lines[line - 1], lines[line - 2]]) {
    const m = l === undefined ? null : JUSTIFY.exec(l);
    if (m) return (m[1] ?? '').trim() || 'bounded';
  }
  return undefined;
}

/** Every regular expression written in one file: literals, and RegExp constructors given a string literal. */
export function regexSites(file: string): RegexSite[] {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const sites: RegexSite[] = [];
  const at = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const lit = node.getText(sf);
      const end = lit.lastIndexOf('/');
      const line = at(node);
      sites.push({ file, line, source: lit.slice(1, end), flags: lit.slice(end + 1), justified: justification(lines, line) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [pat, flags] = node.arguments ?? [];
      if (pat && (ts.isStringLiteral(pat) || ts.isNoSubstitutionTemplateLiteral(pat))) {
        const line = at(node);
        const f = flags && (ts.isStringLiteral(flags) || ts.isNoSubstitutionTemplateLiteral(flags)) ? flags.text : '';
        sites.push({ file, line, source: pat.text, flags: f, justified: justification(lines, line) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}

type Cached = { status: RegexVerdict['status']; complexity?: string; attack?: string };

function loadCache(): Record<string, Cached> {
  try {
    const c = JSON.parse(fs.readFileSync(CACHE_FILE, 'utf8')) as { version: string; verdicts: Record<string, Cached> };
    return c.version === RECHECK_VERSION ? c.verdicts : {};
  } catch {
    return {};
  }
}

/** Writes the verdicts sorted by key, one per line, so a diff shows which patterns came and went. */
function saveCache(verdicts: Record<string, Cached>): void {
  const keys = Object.keys(verdicts).sort();
  const body = keys.map((k) => `    ${JSON.stringify(k)}: ${JSON.stringify(verdicts[k])}`).join(',\n');
  const text = `{\n  "version": ${JSON.stringify(RECHECK_VERSION)},\n  "verdicts": {\n${body}\n  }\n}\n`;
  const old = fs.existsSync(CACHE_FILE) ? fs.readFileSync(CACHE_FILE, 'utf8') : '';
  if (old !== text) fs.writeFileSync(CACHE_FILE, text);
}

/** recheck's verdict on one pattern (cached by pattern and flags). */
export async function analyse(source: string, flags: string, cache: Record<string, Cached> = {}): Promise<Cached> {
  const k = `${flags}\u0000${source}`;
  const hit = cache[k];
  if (hit) return hit;
  // The `g`/`y` flags change nothing about backtracking; recheck refuses some flag letters it does not model.
  const f = flags.replace(/[^imsu]/g, '');
  let verdict: Cached;
  try {
    const r = await check(source, f, { timeout: 10_000, randomSeed: 1 });
    if (r.status === 'vulnerable') {
      verdict = { status: 'vulnerable', complexity: r.complexity.type, attack: r.attack.pattern };
    } else if (r.status === 'safe') {
      verdict = { status: 'safe', complexity: r.complexity.type };
    } else {
      verdict = { status: 'unknown', complexity: r.error.kind };
    }
  } catch (err) {
    verdict = { status: 'unknown', complexity: (err as Error).message.slice(0, 80) };
  }
  cache[k] = verdict;
  return verdict;
}

/** Every regex under `targets`, with recheck's verdict. */
export async function scan(targets: string[], opts: { refresh?: boolean; prune?: boolean } = {}): Promise<RegexVerdict[]> {
  const known = opts.refresh ? {} : loadCache();
  const cache: Record<string, Cached> = opts.prune ? {} : { ...known };
  const sites = targets.flatMap((t) => listTs(t).filter(isProductionFile).flatMap(regexSites));
  // recheck's native agent answers several checks at once; a few in flight keep it busy.
  const out: RegexVerdict[] = new Array(sites.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < sites.length) {
      const i = next++;
      const site = sites[i] as RegexSite;
      const k = `${site.flags}\u0000${site.source}`;
      if (known[k] && !cache[k]) cache[k] = known[k];
      const v = await analyse(site.source, site.flags, cache);
      out[i] = { ...site, file: path.relative(ROOT, path.resolve(site.file)), status: v.status, complexity: v.complexity, attack: v.attack };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  saveCache(cache);
  return out;
}

/** A finding is a regex proved super-linear that carries no justification. */
export function findings(verdicts: RegexVerdict[]): RegexVerdict[] {
  return verdicts.filter((v) => v.status === 'vulnerable' && v.justified === undefined);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const all = args.includes('--all');
  const targets = args.filter((a) => !a.startsWith('--'));
  // A run over the whole of src/ also drops verdicts of patterns that no longer exist.
  const verdicts = await scan(targets.length ? targets : [path.join(ROOT, 'src')], { refresh: args.includes('--refresh'), prune: targets.length === 0 });
  const bad = findings(verdicts);
  if (json) {
    process.stdout.write(`${JSON.stringify(all ? verdicts : bad, null, 2)}\n`);
  } else {
    for (const v of all ? verdicts : bad) {
      const why = v.justified ? ` [justified: ${v.justified}]` : '';
      process.stdout.write(`${v.file}:${v.line}  ${v.status} ${v.complexity ?? ''}  /${v.source}/${v.flags}${why}\n`);
    }
    const count = (s: RegexVerdict['status']): number => verdicts.filter((v) => v.status === s).length;
    const justified = verdicts.filter((v) => v.status === 'vulnerable' && v.justified !== undefined).length;
    process.stdout.write(
      `${verdicts.length} regexes: ${count('safe')} safe, ${count('vulnerable')} super-linear (${justified} justified as bounded, ${bad.length} not), ${count('unknown')} not decided\n`,
    );
  }
  process.exitCode = bad.length > 0 ? 1 : 0;
}

if (process.argv[1] !== undefined && /scripts[\\/]redos\.ts$/.test(process.argv[1])) await main();
