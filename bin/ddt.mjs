#!/usr/bin/env node
// The `ddt` command: loads the TypeScript sources through tsx and runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
main();
