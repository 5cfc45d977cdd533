/**
 * Chat that waits for the viewer's video (issue #40 point 4): a line sent while the viewer's video is
 * 8-10 s behind the live's real moment shows on their screen that much later (±1.5 s of the behindS
 * the player states in `data-behind-s`), and at once with "채팅을 영상에 맞추기" off. The sender's own
 * line shows at once on their own screen. The viewer is put behind with the live's rewind bar (one
 * 10-s step back) when the live has one, else by seeking their video element 8 s back.
 * The delay is measured as the difference between the moments the line entered each screen's list
 * (a MutationObserver stamps Date.now() in both pages, one clock): no assertion on speed.
 */
import { expect, test, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { expectVideoAdvances } from './channel-fixtures.ts';

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

/** Stamps the moment each chat row's text first appears (Date.now()), before the page's scripts run. */
const STAMP = () => {
  const seen: Record<string, number> = {};
  (window as unknown as { __seen: Record<string, number> }).__seen = seen;
  new MutationObserver(() => {
    for (const li of Array.from(document.querySelectorAll('.chat-list > li'))) {
      const text = li.textContent ?? '';
      if (!(text in seen)) seen[text] = Date.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

const seenAt = (page: Page, token: string) =>
  page.evaluate((t) => {
    const seen = (window as unknown as { __seen: Record<string, number> }).__seen;
    const hit = Object.entries(seen).find(([text]) => text.includes(t));
    return hit ? hit[1] : null;
  }, token);

const behindS = async (page: Page) =>
  Number(await page.locator('[data-behind-s]').first().getAttribute('data-behind-s'));

/**
 * Puts the viewer about `target` s behind the real moment: with the live's rewind bar (10-s steps:
 * one step back, so 10 s) when the live has one, else by seeking the video element back in the
 * edge playlist. Answers the behindS the player states.
 */
async function fallBehind(page: Page, target: number, rewindLabel: string): Promise<number> {
  const rewind = page.getByRole('slider', { name: rewindLabel });
  if (await rewind.isVisible()) {
    if ((await behindS(page)) < 6) {
      await rewind.focus();
      await page.keyboard.press('ArrowLeft');
    }
    await expect.poll(() => behindS(page), { timeout: 30_000 }).toBeGreaterThan(7);
    return behindS(page);
  }
  await expect
    .poll(
      async () => {
        const now = await behindS(page);
        if (Math.abs(now - target) > 1)
          await page.getByTestId('player-video').evaluate((v: HTMLVideoElement, d: number) => {
            const start = v.seekable.length ? v.seekable.start(0) : 0;
            v.currentTime = Math.max(start + 0.1, v.currentTime - d);
          }, target - now);
        return Math.abs((await behindS(page)) - target) <= 1.2;
      },
      { timeout: 30_000, intervals: [1500] },
    )
    .toBe(true);
  return behindS(page);
}

test('a line sent while the viewer is 8-10 s behind shows that much later (±1.5 s), at once with the toggle off (ko, en)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const bj = await contextIn(browser, 'en');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '채팅 맞추기', 'csy');
  encoder = pushWithFfmpeg(url, streamKey, 150);
  await bj.page.addInitScript(STAMP);
  await bj.page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(bj.page, 1);
  await expect(bj.page.getByText('Chat connected')).toBeVisible();
  // The toggle is in the chat settings, on by default (en).
  await bj.page.getByRole('button', { name: 'Chat settings' }).click();
  await expect(bj.page.getByRole('checkbox', { name: 'Sync chat to video' })).toBeChecked();
  await bj.page.keyboard.press('Escape');

  const viewer = await contextIn(browser, 'ko');
  const page = viewer.page;
  await page.addInitScript(STAMP);
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 1);
  await expect(page.getByText('채팅 연결됨')).toBeVisible();
  // Let the live's playlists grow enough to go 8-10 s back in them.
  await page.waitForTimeout(15_000);
  const before = await fallBehind(page, 8, '되감기');

  const token = `${Date.now()}`.slice(-6);
  const held = `경기 시작 ${token}`;
  await bj.page.getByRole('textbox', { name: 'Chat message' }).fill(held);
  await bj.page.getByRole('button', { name: 'Send', exact: true }).click();
  // The sender's own line: at once on their own screen.
  await expect(bj.page.getByRole('list', { name: 'Chat messages' }).getByText(held)).toBeVisible();
  const rows = page.getByRole('list', { name: '채팅 메시지' });
  await expect(rows.getByText(held)).toBeVisible({ timeout: 20_000 });
  const after = await behindS(page);
  const sentAt = (await seenAt(bj.page, token))!;
  const shownAt = (await seenAt(page, token))!;
  const delayS = (shownAt - sentAt) / 1000;
  const stated = (before + after) / 2;
  expect(stated).toBeGreaterThan(6);
  const how = (await page.getByRole('slider', { name: '되감기' }).isVisible()) ? 'rewind bar' : 'video seek';
  console.log(`chat-sync: behind ${stated.toFixed(2)} s (${how}), line shown ${delayS.toFixed(2)} s after it was sent`);
  expect(
    Math.abs(delayS - stated),
    `shown ${delayS.toFixed(2)} s after it was sent, ${stated.toFixed(2)} s behind`,
  ).toBeLessThanOrEqual(1.5);

  // The toggle off (ko): the next line shows as it arrives, long before its moment is on screen.
  await page.getByRole('button', { name: '채팅 설정' }).click();
  const toggle = page.getByRole('checkbox', { name: '채팅을 영상에 맞추기' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.keyboard.press('Escape');
  const still = await fallBehind(page, 8, '되감기');
  const quick = `바로 보임 ${token}`;
  await bj.page.getByRole('textbox', { name: 'Chat message' }).fill(quick);
  await bj.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(rows.getByText(quick)).toBeVisible({ timeout: 20_000 });
  const quickDelayS =
    ((await seenAt(page, `바로 보임 ${token}`))! - (await seenAt(bj.page, `바로 보임 ${token}`))!) / 1000;
  console.log(`chat-sync: toggle off, behind ${still.toFixed(2)} s, shown ${quickDelayS.toFixed(2)} s after`);
  expect(quickDelayS, `shown ${quickDelayS.toFixed(2)} s after it was sent, ${still.toFixed(2)} s behind`).toBeLessThan(
    still - 1.5,
  );
  // The choice is kept for the next visit.
  await page.reload();
  await page.getByRole('button', { name: '채팅 설정' }).click();
  await expect(page.getByRole('checkbox', { name: '채팅을 영상에 맞추기' })).not.toBeChecked();
  await Promise.all([bj.context.close(), viewer.context.close()]);
});
