/** Starts the whole product (API, then the worker in wrangler dev) on the given ports. */
import { join } from 'node:path';
import { startProcess, waitForUrl } from './processes.ts';

const ROOT = new URL('..', import.meta.url).pathname;

export interface StackOptions {
  port: number;
  apiPort: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}

async function assertFree(port: number): Promise<void> {
  const busy = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use (another npm start?): stop it or choose other ports (PORT, API_PORT)`);
}

export async function startStack({ port, apiPort, dataDir, env = {} }: StackOptions): Promise<void> {
  await assertFree(apiPort);
  await assertFree(port);
  const api = startProcess('api', process.execPath, [join(ROOT, 'api/main.ts')], {
    PLATFORM_ENV: 'development',
    // Absolute URLs the API hands out (stream sources) point at the site this stack serves.
    SITE_ORIGIN: `http://localhost:${port}`,
    ...env,
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
  const worker = startProcess(
    'worker',
    join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--show-interactive-dev-session=false',
      '--var',
      `API_ORIGIN:http://127.0.0.1:${apiPort}`,
      '--log-level',
      'warn',
    ],
    { WRANGLER_SEND_METRICS: 'false', ...env },
  );
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, { child: worker });
}
