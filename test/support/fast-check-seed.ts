// Chooses the property tests' seed once per run and hands it to every test worker through FC_SEED:
// random on a developer's machine (to keep finding new cases), derived from the commit under CI
// (reproducible for that commit, yet new cases with every commit), or FC_SEED as given (to replay one).
// A seed that ever failed becomes a fixed regression case in the test that found it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

function commitSeed(): number | undefined {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return createHash('sha256').update(head).digest().readUInt32BE(0) & 0x7fffffff;
  } catch {
    return undefined;
  }
}

export function chooseSeed(env: NodeJS.ProcessEnv): { seed: number; why: string } {
  const forced = env.FC_SEED;
  if (forced !== undefined && forced !== '') {
    const n = Number(forced);
    if (!Number.isInteger(n)) throw new Error(`FC_SEED must be an integer, got ${forced}`);
    return { seed: n, why: 'from FC_SEED' };
  }
  if (env.CI === 'true' || env.CI === '1') {
    const s = commitSeed();
    if (s !== undefined) return { seed: s, why: 'derived from the commit' };
  }
  return { seed: (Math.random() * 0x7fffffff) | 0, why: 'random' };
}

export default function setup(): void {
  const { seed, why } = chooseSeed(process.env);
  process.env.FC_SEED = String(seed);
  process.stderr.write(`fast-check seed ${seed} (${why}); replay with FC_SEED=${seed} npx vitest run\n`);
}
