/** Child-process plumbing shared by start, test and bench: spawn with prefixed output, wait for a URL, stop all. */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
/** wrangler dev asks Cloudflare for the `cf` object at start; offline that fails harmlessly. */
const NOISE = /Request\.cf|ENOTFOUND workers\.cloudflare\.com|GetAddrInfoReqWrap/;

export function startProcess(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((l) => l.trim() && !NOISE.test(l))
      .map((l) => `[${name}] ${l}\n`)
      .join('');
  child.stdout!.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  children.push(child);
  return child;
}

export async function waitForUrl(
  url: string,
  { timeoutMs = 120_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops every child (and its process group: wrangler runs workerd underneath). */
export async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.pid === undefined) return resolve();
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {}
            resolve();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            resolve();
          }
        }),
    ),
  );
}
