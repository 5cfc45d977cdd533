/** `node api/main.ts` in production with no secrets: one list of what is missing, exit 1, nothing started. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const START_WAIT_MS = 20_000;

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  // Should it start after all, it must not outlive the test.
  const guard = setTimeout(() => child.kill('SIGKILL'), START_WAIT_MS);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    }),
  );
}

it('names every missing secret in one run, without a stack trace, and exits 1 before touching the data', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-main-'));
  const { code, output } = await start({
    PATH: process.env.PATH ?? '',
    PLATFORM_ENV: 'production',
    DATA_DIR: dataDir,
    API_PORT: '0',
    INGEST_CALLBACK_ORIGIN: 'http://127.0.0.1:1',
  });
  expect(code).toBe(1);
  for (const name of ['JWT_SECRET', 'MEDIA_SECRET', 'MEDIA_TOKEN_SECRET'])
    expect(output).toContain(`- ${name} must be set`);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain('Error:');
  expect(readdirSync(dataDir)).toEqual([]);
});
