// Test runner configuration: unit tests beside the code, cross-cutting tests under test/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/support/fast-check-seed.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
  },
});
