// Bench for defect-triage (severity vs labelled bug reports) and coverage-check (uncovered requirements vs links).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCoverage } from '../src/tools/coverage-check/engine.ts';
import { triage } from '../src/tools/defect-triage/engine.ts';
import type { Severity } from '../src/tools/defect-triage/engine.ts';

const LABELS: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

interface BugRow {
  id: string;
  title: string;
  body: string | null;
  severity: Severity;
}

interface ClassStats {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

function fmt(x: number): string {
  return x.toFixed(3);
}

/** Per-class precision/recall/F1, macro-F1 and accuracy of predictions against gold labels. */
function score(gold: readonly Severity[], pred: readonly Severity[]): { accuracy: number; macroF1: number; perClass: Record<Severity, ClassStats>; confusion: number[][] } {
  const confusion = LABELS.map(() => LABELS.map(() => 0));
  gold.forEach((g, i) => {
    const row = confusion[LABELS.indexOf(g)];
    const p = pred[i];
    if (row && p) row[LABELS.indexOf(p)] = (row[LABELS.indexOf(p)] ?? 0) + 1;
  });
  const perClass = {} as Record<Severity, ClassStats>;
  LABELS.forEach((l, k) => {
    const tp = confusion[k]?.[k] ?? 0;
    const predicted = confusion.reduce((a, row) => a + (row[k] ?? 0), 0);
    const support = (confusion[k] ?? []).reduce((a, b) => a + b, 0);
    const precision = predicted ? tp / predicted : 0;
    const recall = support ? tp / support : 0;
    perClass[l] = { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, support };
  });
  const correct = gold.filter((g, i) => g === pred[i]).length;
  return {
    accuracy: gold.length ? correct / gold.length : 0,
    macroF1: LABELS.reduce((a, l) => a + perClass[l].f1, 0) / LABELS.length,
    perClass,
    confusion,
  };
}

/** A deliberately naive keyword rule, run here so the comparison uses the same data and metric. */
function naiveSeverity(text: string): Severity {
  const t = text.toLowerCase();
  if (/crash|data loss|corrupt|security|vulnerab/.test(t)) return 'critical';
  if (/error|fail|exception|broken|not work/.test(t)) return 'high';
  if (/typo|cosmetic|minor|trivial|\bdoc/.test(t)) return 'low';
  return 'medium';
}

function triageSection(dir: string): string[] {
  const file = path.join(dir, 'bugs.jsonl');
  if (!existsSync(file)) return [`defect-triage: ${file} not found; skipped`];
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BugRow);
  const out = triage(rows.map((r) => ({ id: r.id, title: r.title, description: r.body ?? '' })));
  const gold = rows.map((r) => r.severity);
  const pred = out.map((o) => o.severity);
  const all = score(gold, pred);
  const lines = [`defect-triage severity on ${path.relative(process.cwd(), file)} (${rows.length} reports; gold ${LABELS.map((l) => `${l} ${all.perClass[l].support}`).join(', ')})`];
  lines.push(`  macro-F1 ${fmt(all.macroF1)}   accuracy ${fmt(all.accuracy)}   (target: beat 0.40; issue's naive baseline 0.28)`);
  lines.push(`  per class   ${LABELS.map((l) => `${l} P ${fmt(all.perClass[l].precision)} R ${fmt(all.perClass[l].recall)} F1 ${fmt(all.perClass[l].f1)}`).join(' | ')}`);
  lines.push(`  confusion (rows gold, cols predicted ${LABELS.join('/')}): ${all.confusion.map((r) => r.join(' ')).join(' | ')}`);
  const subsets: [string, (r: BugRow, i: number) => boolean][] = [
    ['even rows', (_r, i) => i % 2 === 0],
    ['odd rows', (_r, i) => i % 2 === 1],
    ['Jira (Hadoop)', (r) => r.id.startsWith('HADOOP')],
    ['Bugzilla (Eclipse, OpenOffice)', (r) => !r.id.startsWith('HADOOP')],
  ];
  for (const [name, keep] of subsets) {
    const idx = rows.map((r, i) => (keep(r, i) ? i : -1)).filter((i) => i >= 0);
    const s = score(
      idx.map((i) => gold[i] as Severity),
      idx.map((i) => pred[i] as Severity),
    );
    lines.push(`  split ${name.padEnd(31)} n ${String(idx.length).padStart(3)}  macro-F1 ${fmt(s.macroF1)}  accuracy ${fmt(s.accuracy)}`);
  }
  const naive = score(
    gold,
    rows.map((r) => naiveSeverity(`${r.title}\n${r.body ?? ''}`)),
  );
  lines.push(`  reference: naive keyword rule in this script  macro-F1 ${fmt(naive.macroF1)}  accuracy ${fmt(naive.accuracy)}`);
  const cats = new Map<string, number>();
  for (const o of out) cats.set(o.category, (cats.get(o.category) ?? 0) + 1);
  lines.push(`  categories: ${[...cats.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  return lines;
}

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes; no trailing newline needed. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text.charAt(i + 1) === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

function coverageSection(dir: string): string[] {
  const base = path.join(dir, 'coverage', 'dataset-1');
  const files = ['high', 'low', 'links'].map((k) => `${base}_${k}.csv`);
  if (!files.every((f) => existsSync(f))) return [`coverage-check: ${base}_{high,low,links}.csv not found; skipped`];
  // high = requirements (id,text), low = use cases (id,text), links = requirement id -> "UC1,UC2" or "".
  const [high, low, links] = files.map((f) => parseCsv(readFileSync(f, 'utf8')).slice(1)) as [string[][], string[][], string[][]];
  const truth = new Map(links.map((r) => [r[0] ?? '', (r[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean)]));
  const res = checkCoverage({ requirements: high.map((r) => r[1] ?? ''), stories: low.map((r) => r[1] ?? '') });
  const reqId = (i: number): string => high[i]?.[0] ?? '';
  const storyId = (i: number): string => low[i]?.[0] ?? '';
  const predicted = new Set(res.uncovered_requirements.map((u) => reqId(u.index)));
  const actual = new Set(high.map((r) => r[0] ?? '').filter((id) => (truth.get(id) ?? []).length === 0));
  const tp = [...predicted].filter((id) => actual.has(id)).length;
  const precision = predicted.size ? tp / predicted.size : 0;
  const recall = actual.size ? tp / actual.size : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  // Link level, for context: every (requirement, story) pair the tool reports against the truth pairs.
  const predPairs = new Set(res.covered.flatMap((c) => c.story_indexes.map((s) => `${reqId(c.index)}>${storyId(s)}`)));
  const truePairs = new Set([...truth.entries()].flatMap(([r, ss]) => ss.map((s) => `${r}>${s}`)));
  const pairTp = [...predPairs].filter((p) => truePairs.has(p)).length;
  const missed = [...actual].filter((id) => !predicted.has(id));
  const wrong = [...predicted].filter((id) => !actual.has(id));
  return [
    `coverage-check uncovered-requirement detection on ${path.relative(process.cwd(), base)}_*.csv (${high.length} requirements, ${low.length} use cases, ${actual.size} uncovered in links.csv)`,
    `  precision ${fmt(precision)}   recall ${fmt(recall)}   F1 ${fmt(f1)}   (flagged ${predicted.size}, correct ${tp})`,
    `  missed (truth uncovered, tool found a story): ${missed.join(' ') || '-'}`,
    `  false alarms (truth covered, tool found none): ${wrong.join(' ') || '-'}`,
    `  link level: precision ${fmt(predPairs.size ? pairTp / predPairs.size : 0)}  recall ${fmt(truePairs.size ? pairTp / truePairs.size : 0)}  (${predPairs.size} pairs reported, ${truePairs.size} true)`,
    `  coverage_score ${res.coverage_score} (truth ${Math.round((100 * (high.length - actual.size)) / high.length)}), orphan stories ${res.orphan_stories.length}, missing buckets ${res.missing_buckets.map((b) => b.bucket).join(', ') || '-'}`,
  ];
}

/** The printable report; data is read from ../shared/bench/agile relative to the repository root. */
export async function run(): Promise<string> {
  const dir = path.resolve(process.cwd(), '../shared/bench/agile');
  return [...triageSection(dir), '', ...coverageSection(dir)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await run());
}
