/**
 * Rewinding a live (issue #40, point 1): a real push; once the live's rewind playlists hold some
 * time, the viewer goes back with the seek bar and with ←, plays behind the live (the player says
 * how far: `data-behind-s`, src/stores/playhead.ts), and LIVE takes them back to the edge.
 * Korean and English.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances } from './channel-fixtures.ts';

const WORDS = {
  ko: {
    controls: '플레이어 조작',
    rewind: '되감기',
    live: 'LIVE로',
    atLive: '실시간',
    behind: /^라이브보다 \d+:\d\d 전$/,
  },
  en: { controls: 'Player controls', rewind: 'Rewind', live: 'LIVE', atLive: 'Live', behind: /^\d+:\d\d behind live$/ },
} as const;

const player = (page: Page) => page.locator('.player--live');
const behind = async (page: Page) => Number((await player(page).getAttribute('data-behind-s')) ?? Number.NaN);
const atEdge = (page: Page) => player(page).getAttribute('data-at-edge');

/** The video plays on from where it is now (its clock moves by more than a second). */
async function expectPlaysOn(page: Page): Promise<void> {
  const video = page.getByTestId('player-video');
  const from = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(from + 1);
}

async function valueMax(slider: Locator): Promise<number> {
  return Number((await slider.getAttribute('max')) ?? 0);
}

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: a live rewinds with the seek bar and ←, and LIVE goes back to the edge`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[locale];
    const bj = await contextIn(browser, 'ko');
    const { channelId, url, streamKey } = await freshLive(bj.page.request, request, `되감기 ${locale}`, `rw${locale}`);
    encoder = pushWithFfmpeg(url, streamKey, 150);
    const viewer = await contextIn(browser, locale);
    const page = viewer.page;
    // Korean on a phone's width (375 px), English on a desktop's.
    if (locale === 'ko') await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/channels/${channelId}/live`);
    await expectVideoAdvances(page, 1);

    const controls = page.getByRole('group', { name: w.controls });
    const slider = controls.getByRole('slider', { name: w.rewind });
    const live = controls.getByRole('button', { name: w.live, exact: true });
    // At the edge: the seek bar at its right end, LIVE has nothing to do; the player knows its distance.
    await expect(slider).toBeVisible({ timeout: 30_000 });
    await expect(slider).toHaveAttribute('aria-valuetext', w.atLive);
    await expect(live).toBeDisabled();
    expect(await atEdge(page)).toBe('true');
    // Both fit the screen (no sideways scroll on a phone).
    for (const box of [await slider.boundingBox(), await live.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await expect.poll(() => behind(page), { timeout: 10_000 }).toBeLessThan(8);

    // Some time to go back into (the DVR's 4-s fragments since the live started).
    await expect.poll(() => valueMax(slider), { timeout: 60_000, intervals: [2000] }).toBeGreaterThanOrEqual(36);

    // The seek bar (its own arrow keys, 10 s a step): 20 s back.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => atEdge(page), { timeout: 20_000 }).toBe('false');
    await expect.poll(() => behind(page), { timeout: 30_000 }).toBeGreaterThan(14);
    expect(await behind(page)).toBeLessThan(30);
    await expect(live).toBeEnabled();
    await expect(slider).toHaveAttribute('aria-valuetext', w.behind);
    await expectPlaysOn(page);

    // ← (the focus on the page): 10 s further back.
    const before = await behind(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => behind(page), { timeout: 20_000 }).toBeGreaterThan(before + 6);
    expect(await behind(page)).toBeLessThan(before + 16);
    await expectPlaysOn(page);

    // LIVE: back at the edge, playing, a few seconds behind at most.
    await live.click();
    await expect.poll(() => atEdge(page), { timeout: 20_000 }).toBe('true');
    await expect.poll(() => behind(page), { timeout: 30_000 }).toBeLessThan(8);
    await expect(live).toBeDisabled();
    await expect(slider).toHaveAttribute('aria-valuetext', w.atLive);
    await expectPlaysOn(page);
    await Promise.all([bj.context.close(), viewer.context.close()]);
  });
}
