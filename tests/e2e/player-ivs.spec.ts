import { expect, test, type Page, type Request } from '@playwright/test';

import { channelOf, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

// bj0002's demo live is in the `ivs` format (api/db/seed-ivs.ts): the same local HLS loop as the
// demo live, played through the Amazon IVS web player, whose worker and wasm come from our origin.
const WASM = /\/_astro\/amazon-ivs-wasmworker\.min\.[\w-]+\.wasm$/;
const WASM_WORKER = /\/_astro\/amazon-ivs-wasmworker\.min\.[\w-]+\.js$/;
const IVS_CHUNK = /\/_astro\/ivs-engine\.[\w-]+\.js$/;
/** hls.js, or the browser's own HLS where it has one (Safari; this Chromium build too). */
const HLS_ENGINE = /^(hls\.js|native-hls)$/;
/**
 * The player fetches a remote config from Amazon (prod.ivs-device-config.live-video.net) about
 * 5 s after it starts; our connect-src refuses it on purpose (nothing loads from the internet).
 */
const AMAZON = /live-video\.net/;

function requests(page: Page): Request[] {
  const seen: Request[] = [];
  page.context().on('request', (r) => seen.push(r));
  return seen;
}

test('an ivs live plays through the IVS web player, its wasm served by our origin', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0002');
  const csp = watchCsp(page);
  const seen = requests(page);
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'ivs');
  const wasm = seen.filter((r) => WASM.test(r.url()));
  expect(wasm.length).toBeGreaterThan(0);
  for (const r of wasm) {
    expect(new URL(r.url()).origin).toBe(new URL(page.url()).origin);
    expect((await r.response())?.status()).toBe(200);
  }
  // The worker runs under its own policy (public/_headers): wasm yes, connections to our origin only.
  const worker = seen.find((r) => WASM_WORKER.test(r.url()));
  expect((await worker!.response())!.headers()['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'",
  );
  expect((await page.request.get('/_headers')).status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(csp.filter((v) => !AMAZON.test(v))).toEqual([]);
});

test('the unmute button unmutes the IVS player, which keeps playing', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0002');
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  const video = page.getByTestId('player-video');
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.getByRole('button', { name: '소리 켜기' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(at + 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
});

test("the IVS player's calls to Amazon are refused and playback goes on", async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0002');
  const seen = requests(page);
  const refused = page.waitForEvent('console', {
    predicate: (m) => /Content Security Policy/i.test(m.text()) && AMAZON.test(m.text()),
    timeout: 20_000,
  });
  await page.goto(`/channels/${channelId}/live`);
  await refused;
  await expectVideoAdvances(page);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', 'ivs');
  // Refused by CSP (the page's for the config, the worker's own for its point-of-presence lookup): never sent.
  expect(seen.filter((r) => AMAZON.test(r.url())).map((r) => r.url())).toEqual([]);
});

test('an hls live does not load the IVS player', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  const seen = requests(page);
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', HLS_ENGINE);
  expect(seen.filter((r) => IVS_CHUNK.test(r.url()) || WASM.test(r.url())).map((r) => r.url())).toEqual([]);
});

async function expectFallbackPlays(page: Page, channelId: number, reason: RegExp): Promise<void> {
  const csp = watchCsp(page);
  const fellBack = page.waitForEvent('console', {
    predicate: (m) => m.type() === 'warning' && /ivs engine fell back/.test(m.text()),
    timeout: 20_000,
  });
  await page.goto(`/channels/${channelId}/live`);
  expect((await fellBack).text()).toMatch(reason);
  await expectVideoAdvances(page);
  await expect(page.locator('.player')).toHaveAttribute('data-engine', HLS_ENGINE);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(csp.filter((v) => !AMAZON.test(v))).toEqual([]);
}

test('without WebAssembly the ivs live falls back to HLS playback and still plays', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0002');
  await page.addInitScript(() => {
    delete (globalThis as { WebAssembly?: unknown }).WebAssembly;
  });
  await expectFallbackPlays(page, channelId, /WebAssembly unsupported/);
});

test('when the wasm cannot be loaded the ivs live falls back to HLS playback and still plays', async ({ page }) => {
  test.slow(); // the player gives up waiting for its worker after IVS_START_TIMEOUT_MS (10 s)
  const channelId = await channelOf(page.request, 'bj0002');
  await page.context().route(WASM, (route) => route.fulfill({ status: 404, body: '' }));
  await expectFallbackPlays(page, channelId, /not initialized/);
});
