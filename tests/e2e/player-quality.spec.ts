/**
 * The live's qualities and its low-latency mode (issue #38 points 2 and 3), with a real BJ, a real
 * ffmpeg push as OBS sends it (1280×720, a keyframe every 2 s), the real media server and its
 * transcoding ladder (the e2e stack's: the source, 480p and 360p; scripts/e2e-stack.ts): the live
 * is offered as three heights; picking the lowest in the player's quality menu makes the video that
 * height without a reload; the pick survives a reload; the low-latency mode plays the live's
 * HTTP-FLV through mpegts.js, at the picked height.
 */
import { expect, test, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

const videoHeight = (page: Page) => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.videoHeight);

async function pick(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^화질/ }).click();
  const menu = page.getByRole('menu', { name: '화질' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitemradio', { name, exact: true }).click();
  await expect(menu).toBeHidden();
}

test('a 1280×720 push is offered as three heights; the lowest picked in the menu plays at that height, after a reload too, and in the low-latency mode', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const bj = await contextIn(browser, 'ko');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '화질 고르기', 'pq');
  encoder = pushWithFfmpeg(url, streamKey, 150, 'obs720');

  // The recorder contract lists every rendition once the ladder's playlists are out.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/channels/${channelId}/stream?option=all`);
        if (!res.ok()) return [];
        const answer = (await res.json()) as {
          sources: { urlDetail: { hls: { resolution: { resolution: number | null }[] } } }[];
        };
        return answer.sources[0]!.urlDetail.hls.resolution.map((r) => r.resolution).sort((a, b) => b! - a!);
      },
      { timeout: 60_000 },
    )
    .toEqual([720, 480, 360]);

  const viewer = await contextIn(browser, 'ko');
  const csp = watchCsp(viewer.page);
  await viewer.page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(viewer.page, 1);
  const player = viewer.page.locator('.player');
  // hls.js plays a live of the media server (the quality menu needs it), on Auto.
  await expect(player).toHaveAttribute('data-engine', 'hls.js');
  const menuButton = viewer.page.getByRole('button', { name: /^화질/ });
  await expect(menuButton).toBeEnabled({ timeout: 20_000 });
  await menuButton.click();
  const menu = viewer.page.getByRole('menu', { name: '화질' });
  await expect(menu.getByRole('menuitemradio')).toHaveText([/^자동/, /^원본/, '480p', '360p']);
  await expect(menu.getByRole('menuitemradio', { name: /^자동/ })).toHaveAttribute('aria-checked', 'true');
  await viewer.page.keyboard.press('Escape');

  // The lowest: the video becomes 360 px high, on the same page and element, without a reload.
  await viewer.page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await pick(viewer.page, '360p');
  await expect.poll(() => videoHeight(viewer.page), { timeout: 20_000 }).toBe(360);
  await expectVideoAdvances(viewer.page, 1);
  expect(await viewer.page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(menuButton).toHaveAccessibleName(/360p/);

  // Remembered: a reload plays 360p again, and the menu says so.
  await viewer.page.reload();
  await expectVideoAdvances(viewer.page, 1);
  await expect.poll(() => videoHeight(viewer.page), { timeout: 20_000 }).toBe(360);
  await expect(viewer.page.getByRole('button', { name: /^화질/ })).toHaveAccessibleName(/360p/, { timeout: 20_000 });

  // The low-latency mode: HTTP-FLV through mpegts.js, the same pick, without a reload.
  await viewer.page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // A live HTTP-FLV response never ends, so the page's resource timing never lists it: its requests do.
  const flv: string[] = [];
  viewer.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.flv')) flv.push(path);
  });
  const lowLatency = viewer.page.getByRole('button', { name: '저지연', exact: true });
  await expect(lowLatency).toHaveAttribute('aria-pressed', 'false');
  await lowLatency.click();
  await expect(lowLatency).toHaveAttribute('aria-pressed', 'true');
  await expect(player).toHaveAttribute('data-engine', 'mpegts', { timeout: 20_000 });
  const from = await viewer.page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => viewer.page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(from + 1);
  await expect.poll(() => videoHeight(viewer.page), { timeout: 20_000 }).toBe(360);
  expect(flv.at(-1)).toMatch(/\/flv\/\d+_360p\.flv$/);
  expect(await viewer.page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // And back: hls.js again, the mode remembered off.
  await lowLatency.click();
  await expect(player).toHaveAttribute('data-engine', 'hls.js', { timeout: 20_000 });
  await expectVideoAdvances(viewer.page, 1);
  expect(await viewer.page.evaluate(() => localStorage.getItem('player.lowLatency'))).toBe('0');
  await expect(viewer.page.getByRole('alert')).toHaveCount(0);
  expect(csp).toEqual([]);
  await Promise.all([bj.context.close(), viewer.context.close()]);
});
