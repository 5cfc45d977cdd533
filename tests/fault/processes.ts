/** Real API processes and a real worker (wrangler dev) for fault tests, on free loopback ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { WRANGLER_ENV, WRANGLER_JS, wranglerDevArgs } from '../../scripts/wrangler-dev.ts';

const ROOT = join(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function freshDatabase(name: string): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('run through scripts/with-postgres.sh (npm run test:fault does)');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Proc {
  child: ChildProcess;
  port: number;
  origin: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function track(child: ChildProcess, port: number): Proc {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, signal);
        } catch {}
      }
      await exited;
    },
  };
}

export async function waitFor(
  url: string,
  ok: (res: Response) => boolean = (r) => r.ok,
  timeoutMs = 90_000,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (ok(res)) return res;
      last = String(res.status);
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (last: ${last})`);
}

/** Starts an API process; `port` restarts one where a killed process listened (the worker's list is fixed). */
export async function startApi(databaseUrl: string, port?: number): Promise<Proc> {
  port ??= await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'api/main.ts')], {
    env: { ...process.env, PLATFORM_ENV: 'development', DATABASE_URL: databaseUrl, API_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const proc = track(child, port);
  await waitFor(`${proc.origin}/api/health`);
  return proc;
}

export async function startWorker(apiOrigins: string[]): Promise<Proc> {
  const port = await freePort();
  // Through this Node (24): the wrangler launcher would pick whatever `node` the PATH has first.
  const args = wranglerDevArgs({
    port,
    vars: { API_ORIGIN: apiOrigins.join(','), API_TIMEOUT_MS: '5000' },
    logLevel: 'error',
  });
  const child = spawn(process.execPath, [WRANGLER_JS, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const proc = track(child, port);
  await waitFor(`${proc.origin}/healthz`);
  return proc;
}
