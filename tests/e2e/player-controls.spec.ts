/**
 * The live player's controls (issue #38): keyboard shortcuts only while nobody types, theater mode
 * remembered, picture in picture where the browser has it, and a phone's 44 px targets.
 */
import { expect, test, type Page } from '@playwright/test';
import { contextIn, freshLive, pushWithFfmpeg, type Encoder } from './broadcast-fixtures.ts';
import { composeHangul } from './ime.ts';
import {
  channelOf,
  chatInput,
  expectMainAxeClean,
  expectVideoAdvances,
  openLiveAsNewMember,
  watchCsp,
} from './channel-fixtures.ts';

const media = (page: Page) =>
  page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => ({ paused: v.paused, muted: v.muted }));
const fullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement?.className ?? null);
const toBody = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('k / Space play and pause, m sound, f full screen, ↑↓ volume; typing in the chat toggles nothing', async ({
  browser,
  request,
}) => {
  const channelId = await channelOf(request, 'bj0001');
  const { context, page } = await openLiveAsNewMember(browser, channelId, 'pk');
  const csp = watchCsp(page);
  await expectVideoAdvances(page, 0.5);
  const controls = page.getByRole('group', { name: '플레이어 조작' });
  await expect(controls.getByRole('button', { name: '일시정지' })).toBeEnabled();
  // The keys are told: to a screen reader on each button, to a pointer in the bar's tooltip (once they work).
  await expect(controls.getByRole('button', { name: '일시정지' })).toHaveAttribute('aria-keyshortcuts', 'k Space');
  await expect(controls.getByRole('button', { name: '소리 켜기' })).toHaveAttribute('aria-keyshortcuts', 'm');
  await expect(controls.getByRole('button', { name: '전체 화면' })).toHaveAttribute('aria-keyshortcuts', 'f');
  await expect(controls).toHaveAttribute('title', /단축키/);
  await expect(controls.getByRole('slider', { name: '재생 위치' })).toHaveCount(0);

  // The focus on the page (nowhere in particular).
  await toBody(page);
  expect(await media(page)).toEqual({ paused: false, muted: true });
  await page.keyboard.press('k');
  await expect.poll(() => media(page)).toEqual({ paused: true, muted: true });
  await expect(controls.getByRole('button', { name: '재생' })).toBeVisible();
  await page.keyboard.press('k');
  await expect.poll(() => media(page)).toEqual({ paused: false, muted: true });
  await page.keyboard.press('Space');
  await expect.poll(() => media(page)).toEqual({ paused: true, muted: true });
  await page.keyboard.press('Space');
  await expect.poll(() => media(page)).toEqual({ paused: false, muted: true });
  // The page did not scroll for the Space.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('m');
  await expect.poll(() => media(page)).toEqual({ paused: false, muted: false });
  await expect(controls.getByRole('button', { name: '소리 끄기' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(controls.getByRole('slider', { name: '음량' })).toHaveAttribute('aria-valuetext', '90%');
  await page.keyboard.press('ArrowUp');
  await expect(controls.getByRole('slider', { name: '음량' })).toHaveAttribute('aria-valuetext', '95%');
  // A modifier is the browser's or the system's: Shift+M is not ours.
  await page.keyboard.press('Shift+M');
  await page.keyboard.press('m');
  await expect.poll(() => media(page)).toEqual({ paused: false, muted: true });
  // f: the player (video and controls) full screen, and back.
  await page.keyboard.press('f');
  await expect.poll(() => fullscreen(page)).toMatch(/\bplayer\b/);
  await expect(controls.getByRole('button', { name: '전체 화면 종료' })).toBeVisible();
  await page.keyboard.press('f');
  await expect.poll(() => fullscreen(page)).toBeNull();

  // Typing in the chat: "k" and "m" are letters, in Latin and composed in Korean.
  await chatInput(page).click();
  await page.keyboard.type('k m km');
  await composeHangul(page, '크음');
  await expect(chatInput(page)).toHaveValue('k m km크음');
  await page.keyboard.press('Space');
  expect(await media(page)).toEqual({ paused: false, muted: true });
  expect(await fullscreen(page)).toBeNull();
  // Out of the field, the keys are the player's again.
  await toBody(page);
  await page.keyboard.press('k');
  await expect.poll(() => media(page)).toEqual({ paused: true, muted: true });
  await expectMainAxeClean(page);
  expect(csp).toEqual([]);
  await context.close();
});

test('theater mode widens the video and is remembered; PiP only where the browser has it', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  const controls = page.getByRole('group', { name: '플레이어 조작' });
  const theater = controls.getByRole('button', { name: '극장 모드' });
  await expect(theater).toHaveAttribute('aria-pressed', 'false');
  const video = page.getByTestId('player-video');
  const before = (await video.boundingBox())!.width;
  await theater.click();
  await expect(theater).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await video.boundingBox())!.width).toBeGreaterThan(before + 100);
  // The chat is still there, under the video.
  await expect(
    chatInput(page)
      .or(page.getByRole('list', { name: '채팅 메시지' }))
      .first(),
  ).toBeVisible();
  await page.reload();
  await expect(theater).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await video.boundingBox())!.width).toBeGreaterThan(before + 100);
  await expectMainAxeClean(page);
  await theater.click();
  await expect(theater).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await video.boundingBox())!.width).toBeLessThan(before + 1);

  // PiP: the button exactly where the browser offers picture in picture.
  const pipEnabled = await page.evaluate(() => document.pictureInPictureEnabled === true);
  const pip = controls.getByRole('button', { name: 'PIP 모드' });
  await expect(pip).toHaveCount(pipEnabled ? 1 : 0);
  if (pipEnabled) {
    await pip.click();
    await expect(pip).toHaveAttribute('aria-pressed', 'true');
    await pip.click();
    await expect(pip).toHaveAttribute('aria-pressed', 'false');
  }

  // A phone: no theater mode (no room), every button at least 44 px tall and wide.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(theater).toHaveCount(0);
  const sizes = await controls
    .locator('button, input')
    .evaluateAll((els) => els.map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]));
  for (const [w, h] of sizes) {
    expect(w).toBeGreaterThanOrEqual(44);
    expect(h).toBeGreaterThanOrEqual(44);
  }
});

let encoder: Encoder | null = null;
test.afterEach(async () => {
  await encoder?.stop();
  encoder = null;
});

test('the quality menu works by keyboard: arrows, Home/End, Escape gives the focus back, a pick is shown', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const bj = await contextIn(browser, 'ko');
  const { channelId, url, streamKey } = await freshLive(bj.page.request, request, '화질 메뉴', 'pqk');
  encoder = pushWithFfmpeg(url, streamKey, 90, 'obs720');
  // The master lists the rungs once they have segments (the ladder starts a few seconds after the source).
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/channels/${channelId}/stream?option=all`);
        if (!r.ok()) return 0;
        const body = (await r.json()) as { sources: { urlDetail?: { hls?: { resolution?: unknown[] } } }[] };
        return body.sources[0]?.urlDetail?.hls?.resolution?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(3);
  const viewer = await contextIn(browser, 'ko');
  const page = viewer.page;
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 1);
  const button = page.getByRole('button', { name: /^화질/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAccessibleName(/^화질 자동/);
  const menu = page.getByRole('menu', { name: '화질' });
  const item = (name: string | RegExp) => menu.getByRole('menuitemradio', { name, exact: typeof name === 'string' });

  // Enter opens it on the checked item; arrows, Home and End move and wrap.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitemradio')).toHaveText([/^자동/, /^원본/, '480p', '360p']);
  await expect(item(/^자동/)).toBeFocused();
  await expect(item(/^자동/)).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(item(/^원본/)).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('360p')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item(/^자동/)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('360p')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item(/^자동/)).toBeFocused();
  await expectMainAxeClean(page);
  // Escape closes it, the focus back on its button, nothing picked.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName(/^화질 자동/);

  // ↓ on the button opens it too; End, Enter picks 360p: the button says so, the item is checked.
  await page.keyboard.press('ArrowDown');
  await expect(item(/^자동/)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName('화질 360p');
  await page.keyboard.press('Enter');
  await expect(item('360p')).toHaveAttribute('aria-checked', 'true');
  await expect(item('360p')).toBeFocused();
  // Tab leaves and closes it.
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect
    .poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(360);
  await Promise.all([bj.context.close(), viewer.context.close()]);
});
