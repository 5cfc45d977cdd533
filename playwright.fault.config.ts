import { defineConfig, devices } from '@playwright/test';

/**
 * Fault tests in a real browser (tests/fault/*.spec.ts): each spec starts its own API processes,
 * worker and proxy so it can kill them; run through scripts/with-postgres.sh by `npm run test:fault`.
 */
export default defineConfig({
  testDir: './tests/fault',
  testMatch: /.*\.spec\.ts$/,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 180_000,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
    trace: 'off',
  },
});
