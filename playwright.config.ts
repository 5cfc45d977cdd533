import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The e2e stack gets its own ports and a throwaway PGlite directory, so it never touches the
// data of a running `npm start`. Workers inherit the env, so the directory is created once.
const port = Number(process.env.E2E_PORT ?? 8797);
const apiPort = Number(process.env.E2E_API_PORT ?? 8798);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'flx-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-warmup.ts',
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more: a browser on 2 shared cores has bad seconds that are not
  // the product's. The list reporter names every test that passed only on retry as "flaky", and
  // such a test is a bug to fix, not a pass to keep. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        `--host-resolver-rules=MAP *.localhost 127.0.0.1`,
      ],
    },
    trace: 'off',
  },
  webServer: {
    command: `node scripts/e2e-stack.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      E2E_PORT: String(port),
      E2E_API_PORT: String(apiPort),
      E2E_DATA_DIR: dataDir,
      WRANGLER_SEND_METRICS: 'false',
    },
  },
});
