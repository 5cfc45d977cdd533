/** An API process started as `npm start` starts it (api/main.ts, development), with its CPU time from /proc. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from '../../tests/fault/processes.ts';

export interface ApiProcess {
  origin: string;
  /** utime + stime so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export async function startApiProcess(root: string, env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  return startNodeProcess([join(root, 'api/main.ts')], env, `http://127.0.0.1:${env.API_PORT}`);
}

/**
 * The floor of the rush (scripts/gift-burst/floor-process.ts): the gift's HTTP and chat path with nothing behind it.
 */
export async function startFloorProcess(): Promise<ApiProcess> {
  const port = await freePort();
  return startNodeProcess(
    [join(import.meta.dirname, 'floor-process.ts'), String(port)],
    {},
    `http://127.0.0.1:${port}`,
  );
}

async function startNodeProcess(args: string[], env: NodeJS.ProcessEnv, origin: string): Promise<ApiProcess> {
  // GIFT_BURST_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API process.
  const nodeArgs = process.env.GIFT_BURST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    env: { ...process.env, PLATFORM_ENV: 'development', SITE_ORIGIN: 'http://localhost:8787', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitFor(`${origin}/api/health`);
  return {
    origin,
    cpuMs() {
      // /proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
