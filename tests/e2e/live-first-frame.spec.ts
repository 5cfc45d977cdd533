import { expect, test, type Page, type Route } from '@playwright/test';
import { LIVE_DATA_MARK } from '../../domain/live-video.ts';
import { channelOf, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

// The live page's first frame does not wait for the page's code: the worker writes the visitor's
// source into the prebuilt video (worker/routes/live-source.ts) and the islands hydrate after the
// first frame (src/islands/player/after-first-frame.ts). These break if that path does; the speed
// itself is measured by `npm run bench:first-frame`, not here.

const PAUSE = { ko: '일시정지', en: 'Pause' } as const;

async function guestOn(page: Page, locale: 'ko' | 'en'): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
}

/**
 * The page's chunks, found by what they hold (shared chunks are named by hash alone, astro.config.mjs):
 * the early script (its address is in the loader's `data-live-boot`, scripts/live-page.ts) and its
 * imports, and what the header's island imports (the shell chunk, React's).
 */
async function liveChunks(page: Page, channelId: number): Promise<{ early: string; player: string; shell: string }> {
  const html = await (await page.request.get(`/channels/${channelId}/live`)).text();
  const early = [
    ...html.matchAll(
      /<script type="module" async data-live-boot="(\/_astro\/[^"]+\.js)"(?: data-hls-engine="[^"]+")?>/g,
    ),
  ].map((m) => m[1]!);
  expect(early).toHaveLength(1);
  // No script file is the page's own: the loader asks for the early script.
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  const earlyText = await (await page.request.get(early[0]!)).text();
  const imported = [...earlyText.matchAll(/(?:import\(`|from")\.\/([^`"]+\.js)/g)].map((m) => `/_astro/${m[1]}`);
  const texts = await Promise.all(
    imported.map(async (url) => [url, await (await page.request.get(url)).text()] as const),
  );
  const player = texts.find(([, text]) => text.includes('engine fell back to HLS playback'))?.[0];
  const header = /component-url="(\/_astro\/HeaderSession\.[^"]+\.js)"/.exec(html)![1]!;
  const shell = `/_astro/${/from"\.\/([^"]+\.js)"/.exec(await (await page.request.get(header)).text())![1]}`;
  expect(player, 'the early script loads the player').toBeTruthy();
  expect(await (await page.request.get(shell)).text()).toContain('react.transitional.element');
  return { early: early[0]!, player: player!, shell };
}

async function streamUrl(page: Page, channelId: number): Promise<string> {
  const res = await page.request.get(`/api/channels/${channelId}/stream`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { sources: { url: string }[] }).sources[0]!.url;
}

test("the worker's source plays with none of the page's scripts", async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  const url = await streamUrl(page, channelId);
  await page.route(/\/_astro\/.*\.js(\?|$)/, (route) => route.abort());
  await page.goto(`/channels/${channelId}/live`);
  const video = page.getByTestId('player-video');
  await expect(video).toHaveAttribute('data-src', url);
  await expect(video.locator('source')).toHaveAttribute('src', url);
  await expectVideoAdvances(page, 0.5);
});

for (const locale of ['ko', 'en'] as const)
  test(`${locale}: the islands hydrate once the first frame is shown, and the controls then work`, async ({ page }) => {
    await guestOn(page, locale);
    const channelId = await channelOf(page.request, 'bj0001');
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrameAt?: number };
      document.addEventListener(
        'loadeddata',
        (e) => (e.target as HTMLVideoElement).requestVideoFrameCallback(() => (w.__firstFrameAt ??= performance.now())),
        {
          capture: true,
          once: true,
        },
      );
    });
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 0.5);
    const pause = page.getByRole('button', { name: PAUSE[locale] });
    await pause.click();
    await expect.poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // The page's island code was asked for only after the first frame (or, for a slow stream, the
    // directive's cap; for a start that held data without a frame, a second after that data).
    const order = await page.evaluate((mark) => {
      const island = performance
        .getEntriesByType('resource')
        .find((r) => /\/_astro\/ChannelPage\.[^/]*\.js$/.test(r.name));
      const data = performance.getEntriesByName(mark, 'mark')[0];
      return {
        island: island?.startTime ?? -1,
        frame: (window as unknown as { __firstFrameAt?: number }).__firstFrameAt ?? Infinity,
        data: data?.startTime ?? Infinity,
      };
    }, LIVE_DATA_MARK);
    expect(order.island).toBeGreaterThan(0);
    expect(order.data, "the page marks its video's first data").toBeLessThan(order.frame);
    expect(order.island >= order.frame || order.island >= 2000 || order.island >= order.data + 1000).toBe(true);
  });

test("without the worker's source the island plays the page's own", async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  // The page as the prebuilt file has it: no data-src, no <source> (no worker, or no answer in time).
  await page.route(`**/channels/${channelId}/live`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/ data-src="[^"]*"| data-format="[^"]*"|<source [^>]*>/g, '');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto(`/channels/${channelId}/live`);
  const video = page.getByTestId('player-video');
  await expectVideoAdvances(page, 0.5);
  await expect(video).not.toHaveAttribute('data-src', /./);
});

test(
  "the live page's stylesheet, written into its head after the build, is allowed by the page's CSP and styles " +
    'the page',
  async ({ page }) => {
    const channelId = await channelOf(page.request, 'bj0001');
    const csp = watchCsp(page);
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 0.5);
    // Rules of the sheet in force: the header's grid and the video filling its frame (without the sheet: block and
    // inline).
    await expect(page.locator('.site-header')).toHaveCSS('display', 'grid');
    await expect(page.getByTestId('player-video')).toHaveCSS('display', 'block');
    expect(csp).toEqual([]);
  },
);

test(
  'where the browser plays the written HLS source itself, no script file is asked for before the video has its ' +
    'first frame',
  async ({ page }) => {
    const channelId = await channelOf(page.request, 'bj0001');
    await page.addInitScript(() => {
      const w = window as unknown as { __loadedAt?: number };
      document.addEventListener('loadeddata', () => (w.__loadedAt ??= performance.now()), {
        capture: true,
        once: true,
      });
    });
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 0.5);
    await expect(page.locator('.player')).toHaveAttribute('data-engine', 'native-hls');
    // The early script, the player's code and every other script file were asked for once the video had
    // a frame to show (or at the cap of the wait, 2 s): before it, only the stream (the stylesheet is in the page).
    const { early, player } = await liveChunks(page, channelId);
    const { scripts, loaded } = await page.evaluate(() => ({
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
      loaded: (window as unknown as { __loadedAt?: number }).__loadedAt ?? Infinity,
    }));
    expect(scripts.map((s) => s.path)).toEqual(expect.arrayContaining([early, player]));
    for (const s of scripts)
      expect(
        s.start >= loaded || s.start >= 2000,
        `${s.path} asked at ${s.start} ms, first frame at ${loaded} ms`,
      ).toBe(true);
  },
);

test(
  "the page fetches what the player asks for first ahead of it, and the player's own requests are answered from " +
    "the browser's cache",
  async ({ page }) => {
    const channelId = await channelOf(page.request, 'bj0001');
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 0.5);
    await expect(page.locator('.player')).toHaveAttribute('data-engine', 'native-hls');
    // The worker named them in the script after the player: the demo's master, its variant, the first two segments.
    const named = (await page.locator('script[data-prefetch-ahead]').getAttribute('data-prefetch'))!.split(' ');
    expect(named.map((u) => new URL(u).pathname)).toEqual([
      '/demo/master.m3u8',
      '/demo-stream/index.m3u8',
      '/demo-stream/seg000.ts',
      '/demo-stream/seg001.ts',
    ]);
    const entries = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        url: r.name,
        by: r.initiatorType,
        start: r.startTime,
        bytes: r.transferSize,
      })),
    );
    for (const url of named) {
      const ahead = entries.filter((e) => e.url === url && e.by === 'fetch');
      const player = entries.filter((e) => e.url === url && e.by === 'video');
      expect(ahead, `${url} fetched ahead once, from the network`).toEqual([
        expect.objectContaining({ bytes: expect.any(Number) }),
      ]);
      expect(ahead[0]!.bytes, url).toBeGreaterThan(0);
      expect(player.length, `${url} asked by the player`).toBeGreaterThan(0);
      expect(player[0]!.start, `${url}: ahead of the player`).toBeGreaterThan(ahead[0]!.start);
      // A response the browser's cache gave: nothing came over the network for it.
      expect(player[0]!.bytes, `${url} from the cache`).toBe(0);
    }
  },
);

test('a written HLS source that fails before the player loads is taken over by hls.js', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  const url = new URL(await streamUrl(page, channelId));
  // The browser's own player's first request of the playlist (the media element's) fails; hls.js's,
  // later, gets it. The page's fetch of it ahead of the player (prefetch-ahead.ts) is let through.
  let refused = false;
  await page.route(`**${url.pathname}`, (route) => {
    if (refused || route.request().resourceType() !== 'media') return route.fallback();
    refused = true;
    return route.abort();
  });
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'hls.js');
  expect(refused).toBe(true);
});

test("a written HLS source the browser's own player stalls on, with no error, is taken over by hls.js", async ({
  page,
}) => {
  const channelId = await channelOf(page.request, 'bj0001');
  const url = new URL(await streamUrl(page, channelId));
  // The browser's own player's requests (the media element's) get no answer, ever: no frame and no
  // error. hls.js's (XHR) are answered.
  const stalled: Route[] = [];
  const held = (route: Route) =>
    route.request().resourceType() === 'media' ? void stalled.push(route) : route.fallback();
  await page.route(`**${url.pathname}`, held);
  await page.route('**/demo-stream/**', held);
  await page.goto(`/channels/${channelId}/live`);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'hls.js', { timeout: 20_000 });
  await expectVideoAdvances(page, 0.5);
  expect(stalled.length).toBeGreaterThan(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("when the live's addresses are renewed, the player moves to the new ones and the video keeps playing", async ({
  page,
}) => {
  const channelId = await channelOf(page.request, 'bj0001');
  // The page's timers on a clock the test moves: the renewal (src/stores/channel.ts) is due a minute
  // before the playback token runs out, two hours on.
  await page.clock.install();
  // The island's reads of the stream: the first as the API answers it, later ones with a new address,
  // as a renewed token gives (within one token window the API's answer is the same address).
  let reads = 0;
  await page.route(`**/api/channels/${channelId}/stream*`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { sources: { url: string }[] };
    if (++reads > 1) body.sources[0]!.url += '?renewed=1';
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'native-hls');
  const video = page.getByTestId('player-video');
  // The island has read the stream and shows the live (it hydrates after the frame): its renewal is
  // set, from the page's clock, which must not move before.
  await expect.poll(() => reads).toBe(1);
  await expect(page.locator('.channel-header .badge-live')).toHaveText('LIVE');
  const renewed: string[] = [];
  page.on('request', (r) => void (r.url().includes('renewed=1') && renewed.push(r.url())));
  await page.clock.fastForward('02:11:00');
  await expect.poll(() => reads).toBe(2);
  // The same element plays the new address: it did not lose its source to the old engine going down.
  // The page wrote no <source> of it, so hls.js plays it (engines.ts: the browser's own HLS only
  // adopts the page's <source>, for its first frame).
  await expect.poll(() => renewed.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'hls.js');
  const from = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(from + 0.5);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const locale of ['ko', 'en'] as const)
  test(`${locale}: before the first frame the page loads no React, and the visitor's theme and app mode are already on the page`, async ({
    page,
  }) => {
    await guestOn(page, locale);
    const channelId = await channelOf(page.request, 'bj0001');
    const { shell } = await liveChunks(page, channelId);
    const url = new URL(await streamUrl(page, channelId));
    await page.addInitScript(() => localStorage.setItem('flx_theme', 'DARK'));
    // No first frame until the test lets the playlist through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${url.pathname}`, async (route) => {
      await held;
      await route.fallback();
    });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`/channels/${channelId}/live?app=embedded`, { waitUntil: 'domcontentloaded' });
    // Taken at once: without a frame the shell still comes, at the directive's cap (2 s after parsing).
    const beforeFrame = [...asked];
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'DARK');
    await expect(html).toHaveAttribute('data-app', 'embedded');
    // The app draws its own chrome: the site's header is hidden from the start.
    await expect(page.locator('.site-header')).toBeHidden();
    // The requests were seen (the page's own), and neither the shell nor a stylesheet: the page carries its sheet.
    expect(beforeFrame).toContain(`/channels/${channelId}/live`);
    expect(beforeFrame).not.toContain(shell);
    expect(beforeFrame.filter((p) => p.endsWith('.css'))).toEqual([]);
    release();
    await expectVideoAdvances(page, 0.5);
    // After the first frame the shell runs: its script and the islands (the controls work).
    await expect.poll(() => asked.includes(shell)).toBe(true);
    await page.getByRole('button', { name: PAUSE[locale] }).click();
    await expect.poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
