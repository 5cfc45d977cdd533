import { expect, test } from '@playwright/test';

// Chat in the demo room lives in chat.spec.ts, which runs its tests in order (moderation last).
import { channelOf, expectMainAxeClean, expectVideoAdvances, openLive, watchCsp } from './channel-fixtures.ts';

test('the channel page shows the profile, the live and the recording, which plays', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  await page.goto(`/channels/${channelId}`);
  await expect(page.getByRole('heading', { level: 1, name: /데모BJ/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: '다시보기' })).toBeVisible();
  await expectMainAxeClean(page);
  await page.getByRole('link', { name: /지난 방송 다시보기/ }).click();
  await expect(page).toHaveURL(/\/vod\/\d+$/);
  const csp = watchCsp(page);
  await expectVideoAdvances(page, 0.5);
  expect(csp).toEqual([]);
});

test('the prebuilt live shell names no channel as missing and hydrates without a React error', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  const html = await (await page.request.get(`/channels/${channelId}/live`)).text();
  expect(html.includes('채널을 찾을 수 없습니다'), 'the server-rendered shell says the channel is missing').toBe(false);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => msg.type() === 'error' && /react|hydrat/i.test(msg.text()) && errors.push(msg.text()));
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  expect(errors).toEqual([]);
});

test('an adult broadcast stays hidden from guests and members without PI, and plays after verification', async ({
  page,
  browser,
}) => {
  const adult = await channelOf(page.request, 'adult01');
  const listed = (
    (await (await page.request.get('/api/lives?limit=100')).json()) as {
      list: { channelId: number; title: string | null; thumbnail: string | null }[];
    }
  ).list.find((l) => l.channelId === adult)!;
  expect(listed.title).toBeNull();
  expect(listed.thumbnail).toBeNull();
  await page.goto(`/channels/${adult}/live`);
  await expect(page.getByText('본인인증 후 시청할 수 있는 방송입니다.')).toBeVisible();
  await expect(page.getByTestId('player-video')).toHaveCount(0);
  await expect(page.getByText('성인 인증 후 시청 가능한 데모 방송')).toHaveCount(0);
  expect((await page.request.get(`/api/channels/${adult}/stream?option=all`)).status()).toBe(401);

  const plain = await openLive(browser, 'viewer02', adult);
  await expect(plain.page.getByText('본인인증 후 시청할 수 있는 방송입니다.')).toBeVisible();
  await expect(plain.page.getByTestId('player-video')).toHaveCount(0);
  await plain.context.close();

  const verified = await openLive(browser, 'adult01', adult);
  await expectVideoAdvances(verified.page);
  await verified.context.close();
});

test('subscribe and gift are members-only for guests; a member opens the gift dialog and follows', async ({
  page,
  browser,
}) => {
  const channelId = await channelOf(page.request, 'bj0001');
  await page.goto(`/channels/${channelId}`);
  await page.getByRole('button', { name: '구독', exact: true }).click();
  await expect(page.getByText('로그인 후 이용가능합니다.')).toBeVisible();

  const member = await openLive(browser, 'viewer01', channelId);
  await member.page.getByRole('button', { name: '선물하기' }).click();
  await expect(member.page.getByRole('dialog')).toBeVisible();
  await member.page.keyboard.press('Escape');
  await member.page.getByRole('button', { name: '팔로우', exact: true }).click();
  await expect(member.page.getByRole('button', { name: '팔로우 취소' })).toBeVisible();
  await expect(member.page.getByText('팔로워 1명')).toBeVisible();
  await member.page.reload();
  await expect(member.page.getByRole('button', { name: '팔로우 취소' })).toBeVisible();
  await member.page.getByRole('button', { name: '팔로우 취소' }).click();
  await expect(member.page.getByText('팔로워 0명')).toBeVisible();
  await member.context.close();
});

test('the live controls work by keyboard and fit a 375 px phone', async ({ page }) => {
  const channelId = await channelOf(page.request, 'bj0001');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/channels/${channelId}/live`);
  await expectVideoAdvances(page, 0.5);
  const video = page.getByTestId('player-video');
  const controls = page.getByRole('group', { name: '플레이어 조작' });
  const pause = controls.getByRole('button', { name: '일시정지' });
  // The controls hydrate after the first frame and are disabled until then.
  await expect(pause).toBeEnabled();
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(controls.getByRole('button', { name: '재생' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(controls.getByRole('button', { name: '소리 켜기' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await page.keyboard.press('Tab');
  const volume = controls.getByRole('slider', { name: '음량' });
  await expect(volume).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.volume)).toBeLessThan(1);
  // Every control inside the phone's width, 44 px targets in at most two rows, none over another.
  const boxes = await controls
    .locator('button, input')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  for (const b of boxes) expect(b.right).toBeLessThanOrEqual(375);
  expect(new Set(boxes.map((b) => Math.round(b.top + b.height / 2))).size).toBeLessThanOrEqual(2);
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
