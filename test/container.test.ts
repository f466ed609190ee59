// What can be checked of the container files without an image: compose names only variables the service reads,
// the Dockerfile starts the service as `npm start` does, runs as a non-root user and checks /readyz, and the
// build context leaves out data and dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES } from '../src/config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (f: string): string => fs.readFileSync(path.join(ROOT, f), 'utf8');

it('every variable compose.yaml gives the service is one config.ts reads', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, { environment?: Record<string, string> }> };
  const env = Object.keys(compose.services.ddt?.environment ?? {});
  expect(env.length).toBeGreaterThan(5);
  for (const name of env) expect(ENV_NAMES, `${name} in compose.yaml`).toContain(name);
  // The backends compose wires are the ones the service can use.
  expect(env).toEqual(expect.arrayContaining(['DDT_DATABASE_URL', 'DDT_REDIS_URL', 'DDT_S3_BUCKET', 'DDT_S3_ENDPOINT']));
});

it("the Dockerfile's start command is npm start's, exec form (SIGTERM reaches node), as a non-root user, with a /readyz healthcheck", () => {
  const docker = read('Dockerfile');
  const cmd = /^CMD (\[.*\])$/m.exec(docker);
  expect(cmd, 'an exec-form CMD').not.toBeNull();
  const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
  expect((JSON.parse(cmd![1]!) as string[]).join(' ')).toBe(start);
  expect(read('README.md')).toContain('npm start');
  expect(docker).toMatch(/^USER node$/m);
  expect(docker).toMatch(/^HEALTHCHECK [^\n]*\n?[^\n]*\/readyz/m);
  expect(docker).toMatch(/^FROM node:24/m);
});

it('.dockerignore leaves out data, dependencies and build output', () => {
  const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
  for (const name of ['node_modules', 'data', 'dist', '.git']) expect(ignored).toContain(name);
});
