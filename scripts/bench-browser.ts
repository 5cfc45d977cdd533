/**
 * What the browser benchmarks share: the real stack (API on a throwaway PGlite directory, the
 * worker in `wrangler dev`) on BENCH_PORT and BENCH_PORT+1, and Debian's Chromium with the Korean
 * fonts (scripts/ensure-chromium.ts) at phone width. Every page load gets a fresh context: an
 * empty cache, as a first visit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { ensureBuilt } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { stopAll } from './processes.ts';
import { startStack } from './stack.ts';

export const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

export interface BenchStack {
  /** http://localhost:PORT */
  base: string;
  /** The stack's throwaway data directory (the media server's is `dataDir/media`). */
  dataDir: string;
  browser: Browser;
  /** A fresh context (empty cache) at phone width; `host` picks a brand (`coin.localhost`). */
  context(opts?: { locale?: string; host?: string }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** `media`: also run the media server (RTMP and its HTTP origin on these ports; docs/INGEST.md). */
export async function startBenchStack(opts: { media?: { rtmpPort: number; httpPort: number } } = {}): Promise<BenchStack> {
  const port = Number(process.env.BENCH_PORT ?? 8880);
  const dataDir = mkdtempSync(join(tmpdir(), 'flx-bench-browser-'));
  ensureBuilt();
  const executablePath = ensureChromium();
  const stop = async () => {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let browser: Browser;
  try {
    await startStack({ port, apiPort: port + 1, dataDir, media: opts.media });
    browser = await chromium.launch({
      executablePath,
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
    });
  } catch (e) {
    await stop();
    throw e;
  }
  const base = `http://localhost:${port}`;
  return {
    base,
    dataDir,
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
