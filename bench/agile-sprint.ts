// Benchmark report for sprint-health over 50 real sprints (MongoDB, JBoss; Choetkiertikul et al., TSE 2017): health distribution per metric and examples.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyse } from '../src/tools/sprint-health/engine.ts';
import type { Input, Output as HealthReport } from '../src/tools/sprint-health/tool.ts';

type SprintInput = Input['sprints'][number];
import tool from '../src/tools/sprint-health/tool.ts';

interface SprintRecord {
  project: string;
  boardid: string;
  sprintid: string;
  name: string;
  vel_starttime: number;
  vel_added: number;
  vel_removed: number;
  derived: { committed_sp: number; delivered_sp: number; say_do: number; scope_change_pct: number; bug_ratio: number };
}

const METRICS = ['velocity', 'say_do', 'scope_change', 'carry_over', 'bug_ratio', 'velocity_stability'] as const;
const WINDOW = 5;

function dataPath(): string {
  return path.resolve(process.cwd(), '../shared/bench/agile/sprints.jsonl');
}

/**
 * The dataset's fields mapped onto the tool's inputs: commitment at sprint start, delivered points, points
 * added and removed after the start; carry-over is the final scope left undelivered. It has no bug
 * opened/closed counts (only the share of bug issues) and no capacity in points, so those stay unset.
 */
function toSprint(r: SprintRecord): SprintInput {
  return {
    name: `${r.project}/${r.name}`,
    committed: r.vel_starttime,
    completed: r.derived.delivered_sp,
    added: r.vel_added,
    removed: r.vel_removed,
    carried_over: Math.max(0, r.derived.committed_sp - r.derived.delivered_sp),
  };
}

function run1(sprints: SprintInput[]): HealthReport {
  // Validate exactly as the endpoint would, then run the engine.
  const parsed = tool.input.parse({ sprints });
  return analyse(parsed);
}

type Tally = Record<string, { good: number; warn: number; bad: number; skipped: number }>;

function tally(reports: HealthReport[]): Tally {
  const t: Tally = {};
  for (const m of [...METRICS, 'overall']) t[m] = { good: 0, warn: 0, bad: 0, skipped: 0 };
  for (const r of reports) {
    for (const m of METRICS) {
      const metric = r.metrics[m];
      if (metric) t[m]![metric.health]++;
      else t[m]!.skipped++;
    }
    t.overall![r.overall.health]++;
  }
  return t;
}

function tallyTable(t: Tally, total: number): string[] {
  const cell = (n: number): string => `${n} (${Math.round((n / total) * 100)}%)`.padStart(10);
  const lines = [`   ${'metric'.padEnd(20)}${'good'.padStart(10)}${'warn'.padStart(10)}${'bad'.padStart(10)}${'skipped'.padStart(10)}`];
  for (const [m, c] of Object.entries(t)) lines.push(`   ${m.padEnd(20)}${cell(c.good)}${cell(c.warn)}${cell(c.bad)}${String(c.skipped).padStart(10)}`);
  return lines;
}

function quantiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))] as number;
  return `min ${q(0).toFixed(2)}, p25 ${q(0.25).toFixed(2)}, median ${q(0.5).toFixed(2)}, p75 ${q(0.75).toFixed(2)}, max ${q(1).toFixed(2)}`;
}

export async function run(): Promise<string> {
  const file = dataPath();
  if (!existsSync(file)) return `sprint-health: ${file} not found; skipped.\n`;
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as SprintRecord)
    .filter((r) => r.vel_starttime > 0);
  const out: string[] = [];
  out.push(`sprint-health over ${file}`);
  out.push(`  ${records.length} sprints (${[...new Set(records.map((r) => r.project))].join(', ')}); committed = points at sprint start, completed = delivered, carry-over = final scope not delivered.`);
  out.push('  bug_ratio is skipped throughout: the data has the share of bug issues, not bugs opened and closed.');
  const started = performance.now();

  // 1. Each sprint on its own: the ratio metrics' verdicts.
  const single = records.map((r) => run1([toSprint(r)]));
  out.push('', `1. Each sprint alone (${single.length} runs; velocity has no trend with one sprint, stability needs two):`);
  out.push(...tallyTable(tally(single), single.length));

  const sayDo = single.map((r) => r.metrics.say_do!.value.avg);
  const scope = single.map((r) => r.metrics.scope_change!.value.avg);
  const finalScopeSayDo = records.map((r) => r.derived.say_do);
  out.push('', '   say/do against the start commitment: ' + quantiles(sayDo));
  out.push('   say/do against the final scope (the dataset\'s derived figure): ' + quantiles(finalScopeSayDo));
  out.push('   scope change (added + removed) / start commitment: ' + quantiles(scope));
  const softened = single.filter((r) => r.metrics.say_do!.value.avg > 1.1 && r.metrics.say_do!.health === 'warn').length;
  out.push(`   say/do above 110% judged warn rather than bad because scope was added mid-sprint: ${softened} of ${single.filter((r) => r.metrics.say_do!.value.avg > 1.1).length}`);

  // 2. Runs of consecutive sprints per board (sprint id order), sliding windows.
  const boards = new Map<string, SprintRecord[]>();
  for (const r of records) {
    const key = `${r.project}/${r.boardid}`;
    boards.set(key, [...(boards.get(key) ?? []), r]);
  }
  const windows: HealthReport[] = [];
  for (const list of boards.values()) {
    list.sort((a, b) => Number(a.sprintid) - Number(b.sprintid));
    for (let i = 0; i + WINDOW <= list.length; i++) windows.push(run1(list.slice(i, i + WINDOW).map(toSprint)));
  }
  out.push('', `2. Sliding windows of ${WINDOW} consecutive sprints per board (${windows.length} runs; a board mixes several teams, so stability is pessimistic):`);
  out.push(...tallyTable(tally(windows), windows.length));
  const cvs = windows.map((w) => w.metrics.velocity_stability?.value.coefficient_of_variation ?? 0);
  out.push(`   coefficient of variation of velocity per window: ${quantiles(cvs)}`);
  const recs = new Map<string, number>();
  for (const w of windows) for (const r of w.recommendations.filter((x) => x.rank === 1)) recs.set(r.metric, (recs.get(r.metric) ?? 0) + 1);
  out.push(`   first recommendation: ${[...recs.entries()].sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${n}`).join(', ')}`);

  // 3. A few examples to read by eye: one per say/do verdict, and the worst scope change.
  out.push('', '3. Examples:');
  for (const h of ['good', 'warn', 'bad'] as const) {
    // Prefer an ordinary case (say/do within 0.5-1.1) over the extremes.
    const typical = single.findIndex((r) => r.metrics.say_do!.health === h && r.metrics.say_do!.value.avg >= 0.5 && r.metrics.say_do!.value.avg <= 1.1);
    const i = typical >= 0 ? typical : single.findIndex((r) => r.metrics.say_do!.health === h);
    if (i >= 0) out.push(`   [say_do ${h}] ${records[i]!.project}/${records[i]!.name}: ${single[i]!.metrics.say_do!.note}`);
  }
  const worstScope = scope.indexOf(Math.max(...scope));
  out.push(`   [scope_change ${single[worstScope]!.metrics.scope_change!.health}] ${records[worstScope]!.project}/${records[worstScope]!.name}: ${single[worstScope]!.metrics.scope_change!.note}`);
  const carry = single.findIndex((r) => r.metrics.carry_over?.health === 'bad');
  if (carry >= 0) out.push(`   [carry_over bad] ${records[carry]!.project}/${records[carry]!.name}: ${single[carry]!.metrics.carry_over!.note}`);
  const unstable = windows.find((w) => w.metrics.velocity_stability?.health === 'bad');
  if (unstable) out.push(`   [velocity_stability bad] ${unstable.metrics.velocity_stability!.note}`);
  const steady = windows.find((w) => w.metrics.velocity_stability?.health === 'good');
  if (steady) out.push(`   [velocity_stability good] ${steady.metrics.velocity_stability!.note}`);
  if (windows[0]) {
    out.push(`   [window overall ${windows[0].overall.health}] ${windows[0].overall.note}`);
    for (const r of windows[0].recommendations.slice(0, 2)) out.push(`     ${r.rank}. ${r.metric} (${r.health}): ${r.action}`);
  }

  out.push('', `${single.length + windows.length} tool runs in ${(performance.now() - started).toFixed(1)} ms.`);
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(await run());
}
