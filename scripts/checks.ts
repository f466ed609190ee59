// The static checks of `npm test`, run side by side (each is one process; on two or more cores they overlap):
// ESLint, the TypeScript type check, the OpenAPI drift check and knip (unused files, dependencies, exports).
// Prints each one's output when it fails; exits 1 when any failed.
import { spawn } from 'node:child_process';

const checks: Array<{ name: string; cmd: string; args: string[] }> = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'openapi:check', cmd: 'npx', args: ['tsx', 'src/cli/index.ts', 'openapi', '--check', 'openapi.json'] },
  { name: 'knip', cmd: 'npx', args: ['knip', '--no-progress'] },
];

const only = process.argv.slice(2);
const results = await Promise.all(
  checks
    .filter((c) => only.length === 0 || only.includes(c.name))
    .map(
      (c) =>
        new Promise<{ name: string; code: number | null; out: string; ms: number }>((resolve) => {
          const started = performance.now();
          const child = spawn(c.cmd, c.args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', (code) => resolve({ name: c.name, code, out, ms: performance.now() - started }));
        }),
    ),
);
for (const r of results) {
  process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${(r.ms / 1000).toFixed(1)} s)\n`);
  if (r.code !== 0) process.stdout.write(`${r.out.trimEnd()}\n`);
}
if (results.some((r) => r.code !== 0)) process.exitCode = 1;
