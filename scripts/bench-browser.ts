/**
 * What the browser benchmarks share: the real stack (API on a throwaway PGlite directory, the
 * worker in front of it) on BENCH_PORT and BENCH_PORT+1, and Debian's Chromium with the Korean
 * fonts (scripts/ensure-chromium.ts) at phone width. Every page load gets a fresh context: an
 * empty cache, as a first visit. The worker runs in one of two ways (`WorkerPath`):
 * - `wrangler`: `wrangler dev` (scripts/stack.ts), what `npm start` gives: workerd behind
 *   wrangler's own proxy worker;
 * - `workerd`: the same worker, config and built site in workerd through Miniflare (wrangler's
 *   test harness), with no dev proxy; its port is the one Miniflare picks.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { createTestHarness } from 'wrangler';
import { ensureBuilt } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { startProcess, stopAll, waitForUrl } from './processes.ts';
import { mediaEnv, startMediaServer, startStack, workerMediaVars } from './stack.ts';

const ROOT = new URL('..', import.meta.url).pathname;

export type WorkerPath = 'wrangler' | 'workerd';

export const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

export interface BenchStack {
  /** http://localhost:PORT */
  base: string;
  /** The API itself, not through the worker: http://127.0.0.1:API_PORT */
  api: string;
  /** The stack's throwaway data directory (the media server's is `dataDir/media`). */
  dataDir: string;
  path: WorkerPath;
  browser: Browser;
  /** A fresh context (empty cache) at phone width; `host` picks a brand (`coin.localhost`). */
  context(opts?: { locale?: string; host?: string }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The worker in workerd through Miniflare, then the API it fronts (which needs the worker's origin for
 * its stream URLs), then the media server when asked.
 */
async function startWorkerdStack(
  apiPort: number,
  dataDir: string,
  assetsDir: string,
  media?: MediaPorts,
): Promise<{ port: number; close(): Promise<void> }> {
  const config = JSON.parse(readFileSync(join(ROOT, 'wrangler.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
    main: string;
    assets: { directory: string };
    $schema?: string;
  };
  config.main = join(ROOT, config.main);
  config.assets.directory = assetsDir;
  delete config.$schema;
  const configPath = join(dataDir, 'wrangler.json');
  writeFileSync(configPath, JSON.stringify(config));
  const ingest = mediaEnv(dataDir, media);
  const server = createTestHarness({
    workers: [{ configPath, vars: { API_ORIGIN: `http://127.0.0.1:${apiPort}`, ...workerMediaVars(ingest, media) } }],
  });
  const { url } = await server.listen();
  const port = Number(url.port);
  const api = startProcess('api', process.execPath, [join(ROOT, 'api/main.ts')], {
    PLATFORM_ENV: 'development',
    SITE_ORIGIN: `http://localhost:${port}`,
    ...ingest,
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
  if (media) await startMediaServer(apiPort, ingest, media);
  await waitForUrl(`http://localhost:${port}/healthz`);
  return { port, close: () => server.close() };
}

/** The media server's RTMP port and HTTP origin port (docs/INGEST.md). */
export interface MediaPorts {
  rtmpPort: number;
  httpPort: number;
}

/**
 * The site's built files with the bench's own beside them (`files`: path under the site's root →
 * content), in a copy of dist/ the stack's worker serves: a page the bench needs from the site's
 * origin is then a file of it, served as any other, and not answered by Playwright (a routed page
 * has every one of its requests paused and let through by Playwright, which slows its media).
 */
function assetsWith(dataDir: string, files: Record<string, string>): string {
  const dist = join(ROOT, 'dist');
  if (Object.keys(files).length === 0) return dist;
  const dir = join(dataDir, 'assets');
  cpSync(dist, dir, { recursive: true });
  for (const [path, body] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  return dir;
}

/**
 * `path`: the worker through wrangler dev (default) or workerd through Miniflare; `media`: also run
 * the media server on these ports; `files`: files of the bench's own served with the site's (assetsWith).
 */
export async function startBenchStack(
  opts: { path?: WorkerPath; media?: MediaPorts; files?: Record<string, string> } = {},
): Promise<BenchStack> {
  const path = opts.path ?? 'wrangler';
  let port = Number(process.env.BENCH_PORT ?? 8880);
  const apiPort = port + 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'flx-bench-browser-'));
  ensureBuilt();
  const executablePath = ensureChromium();
  let workerd: { port: number; close(): Promise<void> } | null = null;
  const stop = async () => {
    await workerd?.close();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let browser: Browser;
  try {
    const assetsDir = assetsWith(dataDir, opts.files ?? {});
    if (path === 'workerd') {
      workerd = await startWorkerdStack(apiPort, dataDir, assetsDir, opts.media);
      port = workerd.port;
    } else await startStack({ port, apiPort, dataDir, media: opts.media, assetsDir });
    browser = await chromium.launch({
      executablePath,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    });
  } catch (e) {
    await stop();
    throw e;
  }
  const base = `http://localhost:${port}`;
  return {
    base,
    api: `http://127.0.0.1:${apiPort}`,
    dataDir,
    path,
    browser,
    async context({ locale = 'ko', host = 'localhost' } = {}) {
      const context = await browser.newContext({ ...PHONE, locale: locale === 'ko' ? 'ko-KR' : 'en-US' });
      await context.addCookies([{ name: 'locale', value: locale, domain: host, path: '/' }]);
      return context;
    },
    async close() {
      await browser.close();
      await stop();
    },
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Idle share of the machine's CPU time over `ms` (Linux /proc/stat: idle + iowait of all CPUs). */
async function idleShare(ms: number): Promise<number> {
  const read = () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: cpu[3]! + cpu[4]!, total: cpu.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await sleep(ms);
  const b = read();
  return b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : 1;
}

/**
 * Waits, at most `maxMs`, until the machine has been at least `idle` idle over one second: what a
 * previous stack left running (its processes' exit, an encoder's last seconds) then weighs on no
 * figure of the next. Resolves with the idle share it ended at.
 */
export async function settle({ idle = 0.8, maxMs = 60_000 } = {}): Promise<number> {
  const until = Date.now() + maxMs;
  let share = await idleShare(1000);
  while (share < idle && Date.now() < until) share = await idleShare(1000);
  return share;
}
