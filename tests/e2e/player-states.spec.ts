/**
 * What a viewer is told over a live's video (issue #38 point 5), with a real BJ, real ffmpeg pushes
 * and the real media server: a viewer never sees an error over a video that plays; a live whose
 * playlist is not written yet is "곧 시작합니다" and starts by itself; an encoder that drops is
 * "방송이 잠시 끊겼습니다" over the last frame with the channel's header, title and chat in place,
 * then the offline state after the reconnect grace.
 */
import { expect, test, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

const ERROR = '영상을 재생할 수 없습니다.';
const RECONNECTING = '방송이 잠시 끊겼습니다';

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

/**
 * Records, from the page's first script on, whether an error was ever visible over the player after
 * its video first played, and what the page showed when "방송이 잠시 끊겼습니다" first appeared.
 */
async function watchPlayerTexts(page: Page): Promise<void> {
  await page.addInitScript(
    ({ error, reconnecting }) => {
      const w = window as unknown as {
        playedOnce: boolean;
        errorAfterPlay: string | null;
        reconnectSeen: { header: string; title: string; chat: boolean; still: boolean } | null;
      };
      w.playedOnce = false;
      w.errorAfterPlay = null;
      w.reconnectSeen = null;
      document.addEventListener('playing', () => (w.playedOnce = true), true);
      const check = () => {
        const message = document.querySelector('.player-message');
        const text = message?.textContent ?? '';
        if (w.playedOnce && text.includes(error)) w.errorAfterPlay = text;
        if (!w.reconnectSeen && text.includes(reconnecting))
          w.reconnectSeen = {
            header: document.querySelector('.channel-header h1')?.textContent ?? '',
            title: document.querySelector('.live-title')?.textContent ?? '',
            chat: document.querySelector('[aria-label="채팅 메시지"]') !== null,
            still: (document.querySelector('.player-still') as HTMLCanvasElement | null)?.width !== 300,
          };
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { error: ERROR, reconnecting: RECONNECTING },
  );
}

const seen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { errorAfterPlay: string | null; reconnectSeen: unknown };
    return { errorAfterPlay: w.errorAfterPlay, reconnectSeen: w.reconnectSeen };
  });

test('a viewer waiting before the live, and one arriving before its playlist exists, see it play with no error', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const bj = await contextIn(browser, 'ko');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '기다리는 시청자', 'pst');

  // The first viewer waits on the live page before the BJ pushes anything.
  const waiting = await contextIn(browser, 'ko');
  const csp = watchCsp(waiting.page);
  await watchPlayerTexts(waiting.page);
  await waiting.page.goto(`/channels/${channelId}/live`);
  await expect(waiting.page.getByText('지금은 방송 중이 아닙니다.')).toBeVisible();

  encoder = pushWithFfmpeg(url, streamKey);
  // The second arrives the moment the live is on the air: the page is written with the live's
  // source, whose playlist the media server writes only after the first segment (a 404 until then).
  await expect
    .poll(async () => (await request.get(`/api/channels/${channelId}/stream`)).status(), { timeout: 30_000 })
    .toBe(200);
  const early = await contextIn(browser, 'ko');
  await watchPlayerTexts(early.page);
  await early.page.goto(`/channels/${channelId}/live`);

  for (const viewer of [waiting.page, early.page]) {
    await expect(viewer.getByRole('heading', { name: '기다리는 시청자' })).toBeVisible({ timeout: 30_000 });
    await expectVideoAdvances(viewer, 3);
    await expect(viewer.locator('.player')).toHaveAttribute('data-state', 'playing');
    await expect(viewer.getByText(ERROR)).toHaveCount(0);
    await expect(viewer.getByText('곧 시작합니다')).toHaveCount(0);
    expect((await seen(viewer)).errorAfterPlay).toBeNull();
  }
  expect(csp).toEqual([]);
  await Promise.all([bj.context.close(), waiting.context.close(), early.context.close()]);
});

test('an encoder that drops: "방송이 잠시 끊겼습니다" over the last frame, the page in place, then offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const bj = await contextIn(browser, 'ko');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '끊기는 방송', 'pst');
  encoder = pushWithFfmpeg(url, streamKey);
  await expect
    .poll(async () => (await request.get(`/api/channels/${channelId}/stream`)).status(), { timeout: 30_000 })
    .toBe(200);
  const viewer = await contextIn(browser, 'ko');
  await watchPlayerTexts(viewer.page);
  await viewer.page.goto(`/channels/${channelId}/live`);
  await expect(viewer.page.getByRole('heading', { name: '끊기는 방송' })).toBeVisible({ timeout: 30_000 });
  await expectVideoAdvances(viewer.page, 2);
  await expect(viewer.page.getByRole('list', { name: '채팅 메시지' })).toBeVisible();

  // The encoder is killed (a crash, a cable pulled): no end of stream, the live waits the grace.
  encoder.child.kill('SIGKILL');
  await encoder.exited;
  encoder = null;
  await expect
    .poll(async () => (await seen(viewer.page)).reconnectSeen, { timeout: 30_000 })
    .toEqual({ header: expect.stringMatching(/\S/), title: '끊기는 방송', chat: true, still: true });
  // After the grace the live is over: the offline state, without a reload; never an error.
  await expect(viewer.page.getByText('지금은 방송 중이 아닙니다.')).toBeVisible({ timeout: 40_000 });
  await expect(viewer.page.getByText(RECONNECTING)).toHaveCount(0);
  expect((await seen(viewer.page)).errorAfterPlay).toBeNull();
  await Promise.all([bj.context.close(), viewer.context.close()]);
});
