/**
 * A recording plays in our player (issue #38): no browser controls, ours with a seek bar that says
 * where it is, moved by the slider's keys and by the ←/→ shortcuts (5 s), which leave the page's
 * fields alone.
 */
import { expect, test, type Page } from '@playwright/test';
import { channelOf, expectMainAxeClean, expectVideoAdvances, watchCsp } from './channel-fixtures.ts';

async function openRecording(page: Page): Promise<void> {
  const channelId = await channelOf(page.request, 'bj0001');
  const list = (await (await page.request.get(`/api/channels/${channelId}/recorded-stream-list`)).json()) as {
    list: { streamId: number }[];
  };
  expect(list.list.length).toBeGreaterThan(0);
  await page.goto(`/vod/${list.list[0]!.streamId}`);
}

const position = (page: Page) => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a recording plays in our player: no native controls, a seek bar and ←/→ move the position', async ({ page }) => {
  const csp = watchCsp(page);
  await openRecording(page);
  await expectVideoAdvances(page, 0.5);
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'playing');
  const video = page.getByTestId('player-video');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.hasAttribute('controls')])).toEqual([
    false,
    false,
  ]);
  const controls = page.getByRole('group', { name: '플레이어 조작' });
  const pause = controls.getByRole('button', { name: '일시정지' });
  await expect(pause).toBeEnabled();
  await expect(pause).toHaveAttribute('aria-keyshortcuts', 'k Space');
  await pause.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // The seek bar: a slider that says "elapsed / total"; Home goes to the start, End to the end.
  const seek = controls.getByRole('slider', { name: '재생 위치' });
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:0\d \/ 0:0[78]$/);
  await seek.focus();
  await page.keyboard.press('End');
  await expect.poll(() => position(page)).toBeGreaterThan(7);
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:0([78]) \/ 0:0\1$/);
  await page.keyboard.press('Home');
  await expect.poll(() => position(page)).toBe(0);
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:00 \/ 0:0[78]$/);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBe(1);

  // The shortcuts, with the focus on the page: → 5 s forward, ← 5 s back.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBeCloseTo(6, 0);
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:06 \/ 0:0[78]$/);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position(page)).toBeCloseTo(1, 0);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position(page)).toBe(0);
  // k plays again, from where the bar is.
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await expect(controls.getByRole('button', { name: '일시정지' })).toBeVisible();
  // Nothing about an error over a recording that plays.
  await expect(page.getByText('영상을 재생할 수 없습니다.')).toHaveCount(0);
  await expectMainAxeClean(page);
  expect(csp).toEqual([]);
});

test('a recording that cannot be played says so with a reload button; nothing is said once it plays', async ({
  page,
}) => {
  // The recording's playlist is out of reach for this page (the media server down, a network cut).
  await page.route('**/demo-stream/**', (route) => route.abort('connectionrefused'));
  await openRecording(page);
  const alert = page.getByRole('alert').filter({ hasText: '영상을 재생할 수 없습니다.' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert.getByRole('button', { name: '새로고침' })).toBeVisible();
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'error');
  // The network is back: the button reloads and the recording plays, with no error.
  await page.unroute('**/demo-stream/**');
  await alert.getByRole('button', { name: '새로고침' }).click();
  await expectVideoAdvances(page, 0.5);
  await expect(page.getByText('영상을 재생할 수 없습니다.')).toHaveCount(0);
});
