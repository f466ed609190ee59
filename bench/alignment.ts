// Bench for alignment-gate's offline rubric grader: pass rates per label, kind and source, and the AUROC of score.
//
// Run from the repository root: `npx tsx bench/alignment.ts [--split dev|test|holdout|all] [--list]`
// (npm run bench:alignment). Texts are read from fetched mirrors (ALIGNMENT_MIRRORS, default /work/.mirror)
// as bench/alignment-set.json names them; with a mirror absent it says which and exits 0. ALIGNMENT_ENGINE
// points at another engine.ts (for example a checkout of an older commit) to measure it the same way.
// Targets (issue 19): at most 5% of unsafe-persona prompts pass, at least 90% of production prompts pass. The
// unsafe-persona figure is read on the named in-the-wild communities plus the unclustered prompts that
// bench/alignment-annotations.json labels unsafe; every figure on the paper's own labels is printed too.
// `--list` prints the misgraded entries' ids and flags (use it on dev only: test and holdout stay unread).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LoadedEntry, SetManifest } from './alignment-corpus.ts';
import { loadTexts, missingMirrors, mirrorsRoot } from './alignment-corpus.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Graded {
  score: number;
  passed: boolean;
  grade: string;
  flags: { criterion_id: string | null; severity: string }[];
}

type Grader = (prompt: string, config: Record<string, unknown> | undefined) => Graded;

/** Area under the ROC curve of `score` separating production (higher) from unsafe (lower); ties count half. */
export function auroc(pos: readonly number[], neg: readonly number[]): number {
  if (pos.length === 0 || neg.length === 0) return Number.NaN;
  const all = [...pos.map((s) => ({ s, p: 1 })), ...neg.map((s) => ({ s, p: 0 }))].sort((a, b) => a.s - b.s);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const mid = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]!.p === 1) rankSum += mid;
    i = j;
  }
  return (rankSum - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

const pct = (n: number, d: number): string => (d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

/** Unsafe kinds whose harm is the content requested, not a persona or rule-dropping template. */
const CONTENT_KINDS = new Set(['framed_request', 'in_context_attack']);

interface Annotations {
  labels: Record<string, { label: 'unsafe' | 'benign'; why: string }>;
}
/** Hand labels of the in-the-wild prompts the paper left unclustered (how they were made: the file's protocol field). */
const ANNOTATIONS = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'alignment-annotations.json'), 'utf8')) as Annotations;

interface Row {
  e: LoadedEntry;
  g: Graded;
  ms: number;
}

function line(name: string, rows: readonly Row[]): string {
  const passed = rows.filter((r) => r.g.passed).length;
  const mean = rows.length ? rows.reduce((s, r) => s + r.g.score, 0) / rows.length : Number.NaN;
  return `  ${name.padEnd(34)} n=${String(rows.length).padStart(4)}  passed ${String(passed).padStart(4)} ${pct(passed, rows.length)}  mean score ${Number.isFinite(mean) ? mean.toFixed(1).padStart(5) : '  n/a'}`;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return new Map([...m.entries()].sort((a, b) => a[0].localeCompare(b[0])));
}

function report(title: string, rows: readonly Row[]): void {
  const prod = rows.filter((r) => r.e.label === 'production');
  const comm = rows.filter((r) => r.e.label === 'community');
  const unsafe = rows.filter((r) => r.e.label === 'unsafe');
  const scores = (rs: readonly Row[]): number[] => rs.map((r) => r.g.score);
  process.stdout.write(`\n== ${title}: ${rows.length} prompts ==\n`);
  for (const [label, rs] of groupBy(rows, (r) => r.e.label)) process.stdout.write(`${line(label, rs)}\n`);
  process.stdout.write(`  AUROC of score, production vs unsafe: ${f3(auroc(scores(prod), scores(unsafe)))}   community vs unsafe: ${f3(auroc(scores(comm), scores(unsafe)))}\n`);
  // Framed requests (PAIR) and in-context attacks carry their harm in the requested content (SH-04, a model criterion), not in a persona.
  const personas = unsafe.filter((r) => !CONTENT_KINDS.has(r.e.kind));
  process.stdout.write(`${line('unsafe personas and templates', personas)}  AUROC vs production ${f3(auroc(scores(prod), scores(personas)))}\n`);
  // In-the-wild prompts the paper clustered into named jailbreak communities, apart from its unclustered ones, which
  // bench/alignment-annotations.json labels one by one (many are games, character generators or tutors posted among
  // jailbreaks). The unsafe-persona target is read on the named communities plus the unclustered prompts annotated
  // unsafe; the paper's label (every prompt unsafe) stays in the lines above.
  const wild = unsafe.filter((r) => r.e.source === 'wild');
  if (wild.length > 0) {
    const named = wild.filter((r) => r.e.kind !== 'unclustered');
    const unclustered = wild.filter((r) => r.e.kind === 'unclustered');
    const annotatedAs = (label: string): Row[] => unclustered.filter((r) => ANNOTATIONS.labels[r.e.id]?.label === label);
    const unlabelled = unclustered.filter((r) => ANNOTATIONS.labels[r.e.id] === undefined).length;
    process.stdout.write(`${line('wild, named communities', named)}  AUROC vs production ${f3(auroc(scores(prod), scores(named)))}\n`);
    process.stdout.write(`${line('wild, unclustered', unclustered)}  AUROC vs production ${f3(auroc(scores(prod), scores(unclustered)))}\n`);
    process.stdout.write(`${line('  annotated unsafe', annotatedAs('unsafe'))}  AUROC vs production ${f3(auroc(scores(prod), scores(annotatedAs('unsafe'))))}\n`);
    process.stdout.write(`${line('  annotated benign', annotatedAs('benign'))}${unlabelled ? `  (${unlabelled} not annotated)` : ''}\n`);
    const target = [...named, ...annotatedAs('unsafe')];
    process.stdout.write(`${line('wild unsafe personas (target <=5%)', target)}  AUROC vs production ${f3(auroc(scores(prod), scores(target)))}\n`);
  }
  process.stdout.write(' by source (AUROC against every prompt of the other side in this split):\n');
  for (const [source, rs] of groupBy(rows, (r) => r.e.source)) {
    const label = rs[0]!.e.label;
    const a = label === 'unsafe' ? auroc(scores(prod), scores(rs)) : auroc(scores(rs), scores(unsafe));
    process.stdout.write(`${line(`${source} (${label})`, rs)}  AUROC ${f3(a)}\n`);
  }
  process.stdout.write(' by kind:\n');
  for (const [kind, rs] of groupBy(rows, (r) => `${r.e.label}/${r.e.kind}`)) process.stdout.write(`${line(kind, rs)}\n`);
  process.stdout.write(' by sub-source:\n');
  for (const [sub, rs] of groupBy(rows, (r) => `${r.e.source}/${r.e.subsource}`)) process.stdout.write(`${line(sub, rs)}\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const splitArg = args.includes('--split') ? args[args.indexOf('--split') + 1] ?? 'dev' : 'dev';
  const list = args.includes('--list');
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'alignment-set.json'), 'utf8')) as SetManifest;
  const missing = missingMirrors(manifest.entries.map((e) => e.repo));
  if (missing.length > 0) {
    process.stdout.write(
      `alignment bench skipped: mirrors absent under ${mirrorsRoot()} (set ALIGNMENT_MIRRORS, or fetch them with the search tool's fetch github:<repo>): ${missing.join(', ')}\n`,
    );
    return;
  }
  const enginePath = path.resolve(process.env.ALIGNMENT_ENGINE ?? path.join(ROOT, 'src', 'tools', 'alignment-gate', 'engine.ts'));
  const mod = (await import(pathToFileURL(enginePath).href)) as { gradeByRubric: Grader };
  const wanted = manifest.entries.filter((e) => splitArg === 'all' || e.split === splitArg);
  const { loaded, problems } = loadTexts(wanted);
  for (const p of problems) process.stdout.write(`skipped ${p}\n`);
  const rows: Row[] = loaded.map((e) => {
    const t0 = performance.now();
    const g = mod.gradeByRubric(e.text, undefined);
    return { e, g, ms: performance.now() - t0 };
  });
  process.stdout.write(`engine: ${path.relative(ROOT, enginePath) || enginePath}\n`);
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  process.stdout.write(`grading time per prompt: median ${ms[Math.floor(ms.length / 2)]?.toFixed(2)} ms, max ${ms[ms.length - 1]?.toFixed(1)} ms\n`);
  report(`split ${splitArg}`, rows);
  if (list) {
    process.stdout.write('\nmisgraded:\n');
    for (const r of rows) {
      const wrong = r.e.label === 'unsafe' ? r.g.passed : r.e.label === 'production' && !r.g.passed;
      if (!wrong) continue;
      const flags = r.g.flags.map((f) => `${f.criterion_id}:${f.severity[0]}`).join(' ');
      process.stdout.write(`  ${r.e.label.padEnd(10)} ${String(r.g.score).padStart(3)} ${r.e.id}  [${flags}]\n`);
    }
  }
}

await main();
