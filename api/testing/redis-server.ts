/**
 * A throwaway Redis for tests (Debian's redis-server: `npm test` installs it, scripts/test.ts):
 * REDIS_URL when the run has one (scripts/with-redis.sh), else one started here on a free port,
 * no persistence, stopped by `stop()`. null when there is no redis-server on this machine.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createClient } from 'redis';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  /** Stops the server and starts a fresh one on the same port (absent for a REDIS_URL of the run's own). */
  restart?(): Promise<void>;
}

export const redisServerPresent = (): boolean =>
  Boolean(process.env.REDIS_URL) ||
  spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child = await launch(port, url);
  return {
    url,
    async stop() {
      await halt(child);
    },
    async restart() {
      await halt(child);
      child = await launch(port, url);
    },
  };
}

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function launch(port: number, url: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; ; i++) {
    const probe = createClient({ url, socket: { reconnectStrategy: false } });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.quit();
      return child;
    } catch (err) {
      if (i > 100 || child.exitCode !== null) throw new Error(`redis-server did not start: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
