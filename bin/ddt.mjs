#!/usr/bin/env node
// The `ddt` command: the compiled CLI (dist/, built by `npm ci` through `prepare`), or, in a checkout that has
// not been built, the TypeScript sources through tsx (a development dependency).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/index.js', import.meta.url);
if (existsSync(compiled)) {
  const { main } = await import(compiled.href);
  main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/index.ts');
  main();
}
