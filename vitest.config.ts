import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'domain/**/*.test.ts',
      'api/**/*.test.ts',
      'worker/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'media/**/*.test.ts',
      'tests/{contract,security,budgets,ingest}/**/*.test.ts',
    ],
    exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: PGlite and workerd instances per file are heavy; two at a time is the sweet spot.
    maxWorkers: 2,
  },
});
