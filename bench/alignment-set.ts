// Builds bench/alignment-set.json: the labelled set for alignment-gate, from public mirrors, texts left out.
//
// Run from the repository root: `npx tsx bench/alignment-set.ts` (ALIGNMENT_MIRRORS, default /work/.mirror).
// Each source is fetched first with the search tool's `fetch` (github:<owner>/<name>). The manifest records
// repository, commit, path, CSV row or JSON pointer, label, kind, split and the text's SHA-256; never the text.
//
// Labels follow the collections, not this tool: a vendor's or product's own prompt is `production`, a
// community-written agent role is `community`, a prompt published as a jailbreak is `unsafe`. Kinds come
// from the sources' own taxonomies where they have one (the JailbreakHub communities of Shen et al., CCS'24;
// the generator that made a prompt). Kept apart, never read: jujumilk3/leaked-system-prompts,
// 0xk1h0/ChatGPT_DAN, CyberAlbSecOP/Awesome_GPT_Super_Prompting, friuns2/BlackFriday-GPTs-Prompts, L1B3RT4S.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SetEntry, SetManifest, Split } from './alignment-corpus.ts';
import { parseCsv } from '../src/tools/kit/csv.ts';
import { headCommit, listFiles, missingMirrors, mirrorsRoot, pointerOf, readFiles, sha256 } from './alignment-corpus.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench', 'alignment-set.json');
/** The tool refuses longer prompts (system_prompt_too_long), so they cannot be graded. */
const MAX_CHARS = 50_000;
const MIN_CHARS = 40;

/** A prompt found in a source, before the split and the checksums: the entry's identity fields and its text. */
type Candidate = Omit<SetEntry, 'split' | 'chars' | 'sha256'> & { splitMode: 'half' | 'holdout'; text: string };

const excluded = new Map<string, number>();
const exclude = (reason: string): void => {
  excluded.set(reason, (excluded.get(reason) ?? 0) + 1);
};

const REPOS = {
  vendors: 'asgeirtj/system_prompts_leaks',
  tools: 'x1xhlol/system-prompts-and-models-of-ai-tools',
  lobe: 'lobehub/lobe-chat-agents',
  wild: 'yunwei37/satml-llmail-injection',
  easy: 'EasyJailbreak/EasyJailbreak',
  jbb: 'JailbreakBench/artifacts',
} as const;

function vendors(): Candidate[] {
  const repo = REPOS.vendors;
  const commit = headCommit(repo);
  const files = listFiles(repo, commit).filter(
    (f) => /\.(?:md|txt|xml)$/i.test(f.path) && !/(?:^|\/)(?:skills|raw|\.github)\//.test(f.path) && !/(?:README|CONTRIBUTING|LICENSE)/i.test(f.path) && !/\/all\.md$/.test(f.path),
  );
  const texts = readFiles(repo, commit, files.map((f) => f.path));
  return files.map((f) => ({
    id: `vendors:${f.path}`,
    source: 'vendors',
    subsource: f.path.split('/')[0] ?? '',
    repo,
    commit,
    path: f.path,
    label: 'production' as const,
    kind: /claude-code|codex|cli|code|copilot|cursor|jules|devin|warp|zed|opencode|amp/i.test(f.path) ? 'coding_agent' : 'assistant',
    splitMode: 'half' as const,
    text: texts.get(f.path) ?? '',
  }));
}

function tools(): Candidate[] {
  const repo = REPOS.tools;
  const commit = headCommit(repo);
  const files = listFiles(repo, commit).filter((f) => /\.(?:md|txt|ya?ml)$/i.test(f.path) && !/(?:README|LICENSE|FUNDING|\.github)/i.test(f.path) && !/tools?\.(?:json|txt)$/i.test(f.path));
  const texts = readFiles(repo, commit, files.map((f) => f.path));
  return files.map((f) => ({
    id: `tools:${f.path}`,
    source: 'tools',
    subsource: f.path.split('/')[0] ?? '',
    repo,
    commit,
    path: f.path,
    label: 'production' as const,
    kind: 'ai_tool',
    splitMode: 'holdout' as const,
    text: texts.get(f.path) ?? '',
  }));
}

/** A descriptive language tag for community agents (CJK share of letters, else English function words). */
function languageKind(text: string): string {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  if (letters > 0 && cjk / letters > 0.3) return 'role_cjk';
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const en = words.filter((w) => /^(?:the|and|you|to|of|a|is|in|that|for|with|your|be|are|not|if|or|as|on|this|it)$/.test(w)).length;
  return words.length > 0 && en / words.length < 0.08 ? 'role_other_language' : 'role_english';
}

function lobe(): Candidate[] {
  const repo = REPOS.lobe;
  const commit = headCommit(repo);
  const files = listFiles(repo, commit).filter((f) => /^src\/[^/]+\.json$/.test(f.path));
  const texts = readFiles(repo, commit, files.map((f) => f.path));
  const out: Candidate[] = [];
  for (const f of files) {
    let text: string;
    try {
      const doc = JSON.parse(texts.get(f.path) ?? '{}') as { config?: { systemRole?: unknown } };
      text = typeof doc.config?.systemRole === 'string' ? doc.config.systemRole : '';
    } catch {
      exclude('community: file is not JSON');
      continue;
    }
    out.push({ id: `community:${f.path}`, source: 'community', subsource: 'lobe-chat-agents', repo, commit, path: f.path, locator: `json:${pointerOf('config', 'systemRole')}`, label: 'community', kind: languageKind(text), splitMode: 'half', text });
  }
  return out;
}

function wild(): Candidate[] {
  const repo = REPOS.wild;
  const commit = headCommit(repo);
  const file = 'data/jailbreak_human_set2/jailbreak_prompts_2023_12_25.csv';
  const rows = parseCsv(readFiles(repo, commit, [file]).get(file) ?? '');
  const header = rows[0] ?? [];
  const col = (name: string): number => header.indexOf(name);
  return rows.slice(1).map((r, i) => ({
    id: `wild:${i}`,
    source: 'wild',
    subsource: r[col('platform')] ?? '',
    repo,
    commit,
    path: file,
    locator: `csv:${i}:prompt`,
    label: 'unsafe' as const,
    kind: (r[col('community')] ?? '') || 'unclustered',
    splitMode: 'half' as const,
    text: r[col('prompt')] ?? '',
  }));
}

/** EasyJailbreak's seed templates. Templates whose harm lies only in the missing {query} are left out. */
function easy(): Candidate[] {
  const repo = REPOS.easy;
  const commit = headCommit(repo);
  const file = 'easyjailbreak/seed/seed_template.json';
  const doc = JSON.parse(readFiles(repo, commit, [file]).get(file) ?? '{}') as { attack: Record<string, unknown[]> };
  const out: Candidate[] = [];
  const add = (gen: string, kind: string, keys: (string | number)[], text: unknown): void => {
    if (typeof text !== 'string') return;
    out.push({ id: `easy:${keys.join('/')}`, source: 'easy', subsource: gen, repo, commit, path: file, locator: `json:${pointerOf('attack', ...keys)}`, label: 'unsafe', kind, splitMode: 'holdout', text });
  };
  (doc.attack['AutoDAN-a'] ?? []).forEach((t, i) => add('AutoDAN-a', 'generated_persona', ['AutoDAN-a', i], t));
  (doc.attack.Gptfuzzer ?? []).forEach((t, i) => add('GPTFuzzer', 'template', ['Gptfuzzer', i], t));
  const keep: Record<string, string> = {
    prefix_injection: 'format_trick',
    refusal_suppression: 'format_trick',
    few_shot_json: 'format_trick',
    AIM: 'persona',
    dev_mode_v2: 'persona',
    dev_mode_with_rant: 'persona',
    evil_confidant: 'persona',
    evil_system_prompt: 'persona',
  };
  (doc.attack.Jailbroken ?? []).forEach((item, i) => {
    for (const [k, v] of Object.entries(item as Record<string, unknown>)) {
      if (keep[k]) add('Jailbroken', keep[k] as string, ['Jailbroken', i, k], v);
      else exclude('easy: Jailbroken template harmful only through the missing {query}');
    }
  });
  add('PAIR', 'red_team_attacker', ['PAIR', 0], doc.attack.PAIR?.[0]);
  add('TAP', 'red_team_attacker', ['TAP', 0], doc.attack.TAP?.[0]);
  add('ICA', 'in_context_attack', ['ICA', 0], doc.attack.ICA?.[0]);
  for (const k of ['default', 'DeepInception', 'ReNeLLM']) for (let i = 0; i < (doc.attack[k]?.length ?? 0); i++) exclude('easy: template harmful only through the missing {query}');
  return out;
}

/** JailbreakBench artifacts: PAIR (framed requests), JailbreakChat (AIM) and the random-search template. GCG/DSN are optimised suffixes, left out. */
function jbb(): Candidate[] {
  const repo = REPOS.jbb;
  const commit = headCommit(repo);
  const files = listFiles(repo, commit).filter((f) => /^attack-artifacts\/(?:PAIR|JBC|prompt_with_random_search)\/[^/]+\/[^/]+\.json$/.test(f.path));
  const texts = readFiles(repo, commit, files.map((f) => f.path));
  const out: Candidate[] = [];
  for (const f of files) {
    const method = f.path.split('/')[1] ?? '';
    const doc = JSON.parse(texts.get(f.path) ?? '{}') as { jailbreaks?: { prompt?: string | null }[] };
    (doc.jailbreaks ?? []).forEach((j, i) => {
      if (typeof j.prompt !== 'string' || !j.prompt) return;
      const kind = method === 'PAIR' ? 'framed_request' : method === 'JBC' ? 'persona' : 'refusal_suppression_template';
      out.push({ id: `jbb:${f.path.slice('attack-artifacts/'.length)}#${i}`, source: 'jbb', subsource: method, repo, commit, path: f.path, locator: `json:${pointerOf('jailbreaks', i, 'prompt')}`, label: 'unsafe', kind, splitMode: 'holdout', text: j.prompt });
    });
  }
  return out;
}

// ---------- near-duplicate removal (MinHash over word 5-shingles) ----------

const HASHES = 64;
const SEEDS = Array.from({ length: HASHES }, (_, i) => (Math.imul(i + 1, 0x9e3779b1) >>> 0) ^ 0x5bd1e995);

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function signature(text: string): Uint32Array {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  const n = Math.max(1, words.length - 4);
  for (let i = 0; i < n; i++) {
    const h = fnv(words.slice(i, i + 5).join(' '));
    for (let k = 0; k < HASHES; k++) {
      const v = (Math.imul(h ^ (SEEDS[k] as number), 0x85ebca6b) >>> 0) ^ ((h >>> 13) * 0xc2b2ae35);
      const x = v >>> 0;
      if (x < (sig[k] as number)) sig[k] = x;
    }
  }
  return sig;
}

function similarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < HASHES; k++) if (a[k] === b[k]) same++;
  return same / HASHES;
}

/** Keeps the first of every group of near-duplicates (estimated Jaccard >= 0.8); earlier sources win. */
function dedupe(cands: Candidate[]): Candidate[] {
  const kept: { c: Candidate; sig: Uint32Array }[] = [];
  const exact = new Set<string>();
  for (const c of cands) {
    const norm = c.text.toLowerCase().replace(/\s+/g, ' ').trim();
    const h = sha256(norm);
    if (exact.has(h)) {
      exclude(`${c.source}: exact duplicate of an earlier entry`);
      continue;
    }
    exact.add(h);
    const sig = signature(c.text);
    if (kept.some((k) => similarity(k.sig, sig) >= 0.8)) {
      exclude(`${c.source}: near-duplicate of an earlier entry`);
      continue;
    }
    kept.push({ c, sig });
  }
  return kept.map((k) => k.c);
}

function splitOf(c: Candidate): Split {
  if (c.splitMode === 'holdout') return 'holdout';
  return parseInt(sha256(c.id).slice(0, 2), 16) % 2 === 0 ? 'dev' : 'test';
}

function main(): void {
  const missing = missingMirrors(Object.values(REPOS));
  if (missing.length > 0) {
    process.stderr.write(`Mirrors missing under ${mirrorsRoot()} (set ALIGNMENT_MIRRORS, fetch github:<repo> first): ${missing.join(', ')}\n`);
    process.exit(2);
  }
  // Sources whose halves are dev/test first, then the held-out sources: a held-out entry is never a near-copy of a dev one.
  const all = [...vendors(), ...lobe(), ...wild(), ...tools(), ...easy(), ...jbb()];
  const usable = all.filter((c) => {
    if (c.text.trim().length < MIN_CHARS) return exclude(`${c.source}: shorter than ${MIN_CHARS} characters`), false;
    if (c.text.length > MAX_CHARS) return exclude(`${c.source}: over the tool's ${MAX_CHARS}-character limit`), false;
    return true;
  });
  const kept = dedupe(usable);
  const entries: SetEntry[] = kept.map((c) => ({
    id: c.id,
    source: c.source,
    subsource: c.subsource,
    repo: c.repo,
    commit: c.commit,
    path: c.path,
    ...(c.locator ? { locator: c.locator } : {}),
    label: c.label,
    kind: c.kind,
    split: splitOf(c),
    chars: c.text.length,
    sha256: sha256(c.text),
  }));
  const bySource = new Map<string, SetEntry>();
  for (const e of entries) if (!bySource.has(e.source)) bySource.set(e.source, e);
  const NOTES: Record<string, string> = {
    vendors: 'Vendors\' production system prompts (Anthropic, OpenAI, Google, xAI, Microsoft, Meta, Mistral, Perplexity and others), as published or extracted.',
    community: 'LobeChat marketplace agents: community-written role prompts (systemRole), many in Chinese.',
    wild: 'JailbreakHub in-the-wild jailbreak prompts (Shen et al., CCS\'24, verazuo/jailbreak_llms, 2023-12-25 release), from a verbatim copy; kind = the paper\'s community.',
    tools: 'Production prompts of AI tools (coding agents, browsers, assistants).',
    easy: 'EasyJailbreak seed templates: AutoDAN-a generated personas, GPTFuzzer templates, Jailbroken (Wei et al.) templates, PAIR/TAP attacker prompts, ICA.',
    jbb: 'JailbreakBench artifacts: PAIR framed requests, JailbreakChat AIM, the adaptive random-search template.',
  };
  const manifest: SetManifest = {
    description:
      'Labelled prompts for bench/alignment.ts. Texts are not here: each entry names repository, commit, path and locator, and the SHA-256 of the text. split: dev (rules chosen on these), test (same sources, not looked at while choosing), holdout (whole sources never looked at while choosing).',
    built_with: 'npx tsx bench/alignment-set.ts',
    sources: [...bySource.values()].map((e) => ({
      source: e.source,
      repo: e.repo,
      commit: e.commit,
      label: e.label,
      split: e.split === 'holdout' ? 'holdout' : 'dev/test halves by SHA-256 of the id',
      note: NOTES[e.source] ?? '',
    })),
    excluded: [...excluded.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => a.reason.localeCompare(b.reason)),
    entries,
  };
  writeFileSync(OUT, `${JSON.stringify(manifest, null, 1)}\n`);
  const count = (f: (e: SetEntry) => boolean): number => entries.filter(f).length;
  process.stdout.write(`${entries.length} entries -> ${path.relative(ROOT, OUT)}\n`);
  for (const s of bySource.keys()) {
    process.stdout.write(`  ${s.padEnd(10)} ${String(count((e) => e.source === s)).padStart(5)}  dev ${count((e) => e.source === s && e.split === 'dev')}  test ${count((e) => e.source === s && e.split === 'test')}  holdout ${count((e) => e.source === s && e.split === 'holdout')}\n`);
  }
  for (const [reason, n] of excluded) process.stdout.write(`  excluded ${n}: ${reason}\n`);
}

main();
