// Benchmark of diagram-contrast over ../shared/bench/diagrams: outcomes, findings and harden re-check rate, by format.
// Run: npx tsx bench/diagrams.ts [--level AA|AAA] [--theme default|neutral|dark|forest|base]
//      npx tsx bench/diagrams.ts --matrix   (every theme x level: Mermaid's own parser on each harden output,
//                                            fixes audited in 8-bit sRGB with the WCAG formula written out here)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../src/tools/kit/contract.ts';
import { runDiagramContrast } from '../src/tools/diagram-contrast/engine.ts';
import type { Output as DiagramContrastOutput } from '../src/tools/diagram-contrast/tool.ts';
import type { ThemeName } from '../src/tools/diagram-contrast/mermaid-theme.ts';

interface Tally {
  diagrams: number;
  ok: number;
  errors: Map<string, number>;
  passed: number;
  withFailures: number;
  failures: number;
  unverified: number;
  withUnverified: number;
  checkedText: number;
  checkedNonText: number;
  hardenPass: number;
  changes: number;
  ms: number[];
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const level = (arg('level') ?? 'AA') as 'AA' | 'AAA';
const theme = arg('theme') as ThemeName | undefined;
const root = path.resolve(process.cwd(), '../shared/bench/diagrams');
if (!existsSync(root)) {
  console.log(`No corpus at ${root}; nothing to measure.`);
  process.exit(0);
}

if (process.argv.includes('--matrix')) {
  await matrix(root);
  process.exit(0);
}

const tallies = new Map<string, Tally>();
const tally = (format: string): Tally => {
  let t = tallies.get(format);
  if (!t) {
    t = { diagrams: 0, ok: 0, errors: new Map(), passed: 0, withFailures: 0, failures: 0, unverified: 0, withUnverified: 0, checkedText: 0, checkedNonText: 0, hardenPass: 0, changes: 0, ms: [] };
    tallies.set(format, t);
  }
  return t;
};

const reasons = new Map<string, number>();
for (const sub of ['mermaid', 'svg']) {
  const dir = path.join(root, sub);
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).sort()) {
    const diagram = readFileSync(path.join(dir, file), 'utf8');
    const t = tally(sub);
    t.diagrams++;
    const started = performance.now();
    let out: DiagramContrastOutput;
    try {
      out = runDiagramContrast({ diagram, format: 'auto', level, mode: 'harden', theme });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      t.errors.set(err.code, (t.errors.get(err.code) ?? 0) + 1);
      continue;
    }
    t.ms.push(performance.now() - started);
    t.ok++;
    if (out.passed) t.passed++;
    else t.withFailures++;
    t.failures += out.failures.length;
    t.unverified += out.unverified.length;
    if (out.unverified.length > 0) t.withUnverified++;
    for (const u of out.unverified) {
      const key = u.reason.replace(/url\([^)]*\)/g, 'url(...)').replace(/"[^"]*"/g, '"..."');
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    t.checkedText += out.checked.text;
    t.checkedNonText += out.checked.non_text;
    t.changes += out.changes?.length ?? 0;
    const again = runDiagramContrast({ diagram: out.diagram ?? '', format: 'auto', level, mode: 'check', theme });
    if (again.failures.length === 0) t.hardenPass++;
  }
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] ?? 0);
};
console.log(`diagram-contrast over ${root} (level ${level}, theme ${theme ?? 'diagram/default'}, mode harden then re-check)`);
const all: Tally = { diagrams: 0, ok: 0, errors: new Map(), passed: 0, withFailures: 0, failures: 0, unverified: 0, withUnverified: 0, checkedText: 0, checkedNonText: 0, hardenPass: 0, changes: 0, ms: [] };
for (const [format, t] of [...tallies.entries(), ['total', all] as [string, Tally]]) {
  if (format !== 'total') {
    for (const k of ['diagrams', 'ok', 'passed', 'withFailures', 'failures', 'unverified', 'withUnverified', 'checkedText', 'checkedNonText', 'hardenPass', 'changes'] as const) all[k] += t[k];
    for (const [c, n] of t.errors) all.errors.set(c, (all.errors.get(c) ?? 0) + n);
    all.ms.push(...t.ms);
  }
  const errors = [...t.errors.entries()].map(([c, n]) => `${c} x${n}`).join(', ') || 'none';
  console.log(
    [
      `${format.padEnd(8)} diagrams ${t.diagrams}`,
      `200 ${t.ok}, 400 ${t.diagrams - t.ok} (${errors})`,
      `passed ${t.passed}, with failures ${t.withFailures}`,
      `failures ${t.failures}, unverified ${t.unverified} (in ${t.withUnverified} diagrams)`,
      `pairs checked: text ${t.checkedText}, non-text ${t.checkedNonText}`,
      `harden re-check passes ${t.hardenPass}/${t.ok} (${pct(t.hardenPass, t.ok)}), changes ${t.changes}`,
      `median ${median(t.ms).toFixed(1)} ms`,
    ].join(' | '),
  );
}
if (reasons.size > 0) {
  console.log('unverified reasons:');
  for (const [r, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${n} x ${r}`);
}

// ---------------------------------------------------------------- --matrix

/** WCAG 2.x ratio of two #rrggbb colours, written out (not the engine's code): an outside check of a fix. */
function wcagHex(a: string, b: string): number | null {
  const lum = (hex: string): number | null => {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    if (!m) return null;
    const lin = (h: string): number => {
      const c = parseInt(h, 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(m[1] ?? '00') + 0.7152 * lin(m[2] ?? '00') + 0.0722 * lin(m[3] ?? '00');
  };
  const la = lum(a);
  const lb = lum(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

async function matrix(corpus: string): Promise<void> {
  const { mermaidParser } = await import('../src/tools/diagram-contrast/mermaid-reference.ts');
  const parse = await mermaidParser();
  const themes: ThemeName[] = ['default', 'neutral', 'dark', 'forest', 'base'];
  const levels: ('AA' | 'AAA')[] = ['AA', 'AAA'];
  const mermaidDir = path.join(corpus, 'mermaid');
  const svgDir = path.join(corpus, 'svg');
  const files = [
    ...readdirSync(mermaidDir).sort().map((f) => path.join(mermaidDir, f)),
    ...(existsSync(svgDir) ? readdirSync(svgDir).sort().map((f) => path.join(svgDir, f)) : []),
  ];
  const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const accepted = new Map<string, boolean>();
  for (const f of files) if (f.endsWith('.mmd')) accepted.set(f, (await parse(texts.get(f) ?? '')) === null);
  const refusedInputs = [...accepted.entries()].filter(([, ok]) => !ok).map(([f]) => path.basename(f));
  console.log(`diagram-contrast --matrix over ${corpus}: ${accepted.size} Mermaid (Mermaid ${'refuses'} ${refusedInputs.length} as given: ${refusedInputs.join(', ') || 'none'}), ${files.length - accepted.size} SVG`);
  console.log('theme    level | harden outputs Mermaid refuses | re-check still failing (of which reported unfixable) | fixes: total, short of needed in 8-bit, unfixable');
  const totals = { refused: 0, outputs: 0, failing: 0, reported: 0, fixes: 0, short: 0, unfixable: 0 };
  const refusedFiles = new Map<string, number>();
  for (const theme of themes) {
    for (const level of levels) {
      const row = { refused: 0, outputs: 0, failing: 0, reported: 0, fixes: 0, short: 0, unfixable: 0 };
      for (const f of files) {
        const diagram = texts.get(f) ?? '';
        let hardened: DiagramContrastOutput;
        let fixed: DiagramContrastOutput;
        try {
          hardened = runDiagramContrast({ diagram, format: 'auto', level, mode: 'harden', theme });
          fixed = runDiagramContrast({ diagram, format: 'auto', level, mode: 'fix', theme });
        } catch (err) {
          if (err instanceof ToolError) continue;
          throw err;
        }
        const out = hardened.diagram ?? '';
        if (accepted.get(f) === true && out !== diagram) {
          row.outputs++;
          const error = await parse(out);
          if (error !== null) {
            row.refused++;
            refusedFiles.set(path.basename(f), (refusedFiles.get(path.basename(f)) ?? 0) + 1);
          }
        }
        const again = runDiagramContrast({ diagram: out, format: 'auto', level, mode: 'check', theme });
        if (again.failures.length > 0) {
          row.failing++;
          const listed = (hardened as { unfixable?: unknown[] }).unfixable ?? [];
          if (listed.length >= again.failures.length) row.reported++;
        }
        for (const fx of fixed.fixes ?? []) {
          row.fixes++;
          if ((fx as { unfixable?: boolean }).unfixable) {
            row.unfixable++;
            continue;
          }
          const r = wcagHex(fx.suggested_fg, fx.suggested_bg ?? fx.bg);
          if (r !== null && r < fx.needed && fx.fg.length === 7) row.short++;
        }
      }
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
      console.log(
        `${theme.padEnd(8)} ${level.padEnd(5)} | ${String(row.refused).padStart(2)} of ${String(row.outputs).padStart(3)} | ${String(row.failing).padStart(2)} (${row.reported}) | ${row.fixes}, ${row.short}, ${row.unfixable}`,
      );
    }
  }
  console.log(
    `total          | ${totals.refused} of ${totals.outputs} | ${totals.failing} (${totals.reported}) | ${totals.fixes}, ${totals.short}, ${totals.unfixable}`,
  );
  if (refusedFiles.size > 0) console.log(`outputs refused, by file: ${[...refusedFiles.entries()].map(([f, n]) => `${f} x${n}`).join(', ')}`);
}
