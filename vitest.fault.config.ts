import { defineConfig } from 'vitest/config';

/** Fault tests (issue 10): real processes killed and restarted; run through scripts/with-postgres.sh. */
export default defineConfig({
  test: {
    include: ['tests/fault/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
