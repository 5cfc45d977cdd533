/**
 * `npm run screens`: screenshots of the product for a reviewer who does not run it (docs/screens/):
 * home, a live page (the demo seed's looping live of bj0001) and My page (the demo viewer01
 * signed in), each at 1366 px and 375 px, in the light (BLUE) and DARK themes, in Korean. Builds
 * the site when its inputs changed, starts its own stack (SCREENS_PORT, SCREENS_PORT+1; throwaway
 * data) in Debian's Chromium with the Korean fonts (scripts/ensure-chromium.ts), and writes
 * `{page}-{width}-{theme}.png` of the first screen (not the whole page: the files stay small).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../api/db/seed.ts';
import { ensureBuilt } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { stopAll } from './processes.ts';
import { startStack } from './stack.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'docs/screens');
const port = Number(process.env.SCREENS_PORT ?? 8893);
const apiPort = port + 1;
const base = `http://localhost:${port}`;
const WIDTHS = [
  { width: 1366, height: 768, mobile: false },
  { width: 375, height: 812, mobile: true },
] as const;
const THEMES = [
  { name: 'light', value: 'BLUE' },
  { name: 'dark', value: 'DARK' },
] as const;
/** How long a page may take to show its data before the shot is taken anyway. */
const SETTLE_TIMEOUT_MS = 15_000;

/** The demo BJ's running live: the seed keeps bj0001 on air. */
async function demoLivePath(): Promise<string> {
  const lives = (await (await fetch(`${base}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  const live = lives.list.find((l) => l.loginId === 'bj0001');
  if (!live) throw new Error('the demo seed has no live of bj0001');
  return `/channels/${live.channelId}/live`;
}

/**
 * Waits until the page's reads are done; the live page (its video keeps fetching) until the video
 * plays and the channel's header and chat, which hydrate after the first frame, are drawn.
 */
async function settle(page: Page, live: boolean): Promise<void> {
  if (live)
    await page
      .waitForFunction(
        () => {
          const video = document.querySelector('video');
          return Boolean(
            video && video.readyState >= 2 && video.currentTime > 0.5 && document.querySelector('main h1'),
          );
        },
        null,
        { timeout: SETTLE_TIMEOUT_MS },
      )
      .catch(() => console.warn('[screens] the live page was not drawn whole in time'));
  else await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(browser: Browser, livePath: string): Promise<string[]> {
  const written: string[] = [];
  for (const size of WIDTHS)
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.mobile,
        hasTouch: size.mobile,
        deviceScaleFactor: 1,
        locale: 'ko-KR',
      });
      await context.addCookies([{ name: 'locale', value: 'ko', url: base }]);
      await context.addInitScript((t) => localStorage.setItem('flx_theme', t), theme.value);
      const page = await context.newPage();
      const signin = await context.request.post(`${base}/v2/api/auth/signin`, {
        data: { loginId: 'viewer01', password: DEMO_PASSWORD, loginKeep: false, saveId: false, device: 'PCWEB' },
      });
      if (!signin.ok()) throw new Error(`sign-in of viewer01 answered ${signin.status()}`);
      for (const [name, path] of [
        ['home', '/'],
        ['live', livePath],
        ['my', '/my'],
      ] as const) {
        await page.goto(`${base}${path}`);
        await settle(page, name === 'live');
        const file = join(OUT, `${name}-${size.width}-${theme.name}.png`);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        written.push(file);
      }
      await context.close();
    }
  return written;
}

ensureBuilt();
const executablePath = ensureChromium();
mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'flx-screens-'));
let browser: Browser | null = null;
try {
  await startStack({ port, apiPort, dataDir });
  browser = await chromium.launch({ executablePath, args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'] });
  const files = await shoot(browser, await demoLivePath());
  for (const f of files) console.log(`[screens] ${f.slice(ROOT.length)} ${(statSync(f).size / 1024).toFixed(0)} KiB`);
} finally {
  await browser?.close();
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
