/**
 * The home page lists: THEME chips filter the live list, VOD, CASTER and EVENT
 * for everyone; LIKE (the heart on a channel page) and GIFT_VIEW for members. An adult channel
 * shows no title or thumbnail to viewers without PI in any of them.
 */
import { expect, test, type Page } from '@playwright/test';
import { channelOf, expectMainAxeClean, signIn, watchCsp } from './channel-fixtures.ts';

const ADULT_TEXTS = ['성인 인증 후 시청 가능한 데모 방송', '성인 방송 (데모)'];
const LOCKED_TITLE = '본인인증 후 볼 수 있는 방송';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectNoAdultText(page: Page): Promise<void> {
  for (const text of ADULT_TEXTS) await expect(page.getByText(text)).toHaveCount(0);
  // No card of the page shows the adult channel's thumbnail: locked cards show the default image.
  const adultThumbs = page
    .locator('.stream-card')
    .filter({ hasText: '성인인증01' })
    .locator('img:not([src="/default-thumbnail.svg"])');
  await expect(adultThumbs).toHaveCount(0);
}

test('a guest filters the live list by theme and sees recordings, broadcasters and events; adult stays locked', async ({
  page,
}) => {
  const csp = watchCsp(page);
  await page.goto('/');
  const live = region(page, '지금 방송 중');
  await expect(live.getByRole('link', { name: /데모 라이브 방송/ })).toBeVisible();
  const themes = live.getByRole('group', { name: '방송 테마' });
  await expect(themes.getByRole('button', { name: '전체' })).toHaveAttribute('aria-pressed', 'true');

  await themes.getByRole('button', { name: '게임' }).click();
  await expect(themes.getByRole('button', { name: '게임' })).toHaveAttribute('aria-pressed', 'true');
  await expect(live.getByRole('link', { name: /IVS 플레이어 데모/ })).toHaveCount(0);
  await expect(live.getByRole('link', { name: /데모 라이브 방송/ })).toBeVisible();

  await themes.getByRole('button', { name: '음악' }).click();
  await expect(live.getByRole('link', { name: /IVS 플레이어 데모/ })).toBeVisible();
  await expect(live.getByRole('link', { name: /데모 라이브 방송/ })).toHaveCount(0);

  await themes.getByRole('button', { name: '토크/캠방' }).click();
  await expect(live.getByRole('link', { name: new RegExp(LOCKED_TITLE) })).toBeVisible();
  await expectNoAdultText(page);

  await themes.getByRole('button', { name: '그림/웹툰' }).click();
  await expect(live.getByText('이 테마로 방송 중인 채널이 없습니다.')).toBeVisible();
  await themes.getByRole('button', { name: '전체' }).click();
  await expect(live.getByRole('link', { name: /데모 라이브 방송/ })).toBeVisible();

  const vods = region(page, '최근 다시보기');
  await expect(vods.getByRole('link', { name: /지난 방송 다시보기/ })).toHaveAttribute('href', /^\/vod\/\d+$/);
  // The demo data holds more recordings than one page (§9: 20): the next page comes on scroll.
  const total = ((await (await page.request.get('/api/home/vods?limit=1')).json()) as { total: number }).total;
  expect(total).toBeGreaterThan(20);
  await expect(vods.getByRole('listitem')).toHaveCount(20);
  await vods.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await expect(vods.getByRole('listitem')).toHaveCount(Math.min(total, 40));
  const demo = await channelOf(page.request, 'bj0001');
  await expect(region(page, '인기 방송인').getByRole('link', { name: /^데모BJ/ })).toHaveAttribute(
    'href',
    `/channels/${demo}`,
  );
  await expect(region(page, '인기 방송인').getByRole('link', { name: /성인인증01/ })).toBeVisible();
  await expect(region(page, '이벤트').getByRole('link', { name: /러브 선물 이벤트/ })).toHaveAttribute('href', '/luv');
  await expect(region(page, '좋아요한 채널')).toHaveCount(0);
  await expect(region(page, '최근 선물한 채널')).toHaveCount(0);
  await expectNoAdultText(page);
  await expectMainAxeClean(page);
  expect(csp).toEqual([]);
});

test('the heart on a channel page is members-only, toggles, and fills the LIKE list on home', async ({
  page,
  browser,
}) => {
  const demo = await channelOf(page.request, 'bj0001');
  await page.goto(`/channels/${demo}`);
  await page.getByRole('button', { name: '좋아요' }).click();
  await expect(page.getByText('로그인 후 이용가능합니다.')).toBeVisible();

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member.request, 'viewer01');
  await member.goto(`/channels/${demo}`);
  const heart = member.getByRole('button', { name: '좋아요' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await member.reload();
  await expect(member.getByRole('button', { name: '좋아요' })).toHaveAttribute('aria-pressed', 'true');

  await member.goto('/');
  const likes = region(member, '좋아요한 채널');
  await expect(likes.getByRole('link', { name: /데모 라이브 방송/ })).toHaveAttribute('href', `/channels/${demo}/live`);
  await expectMainAxeClean(member);

  await member.goto(`/channels/${demo}`);
  await member.getByRole('button', { name: '좋아요' }).click();
  await expect(member.getByRole('button', { name: '좋아요' })).toHaveAttribute('aria-pressed', 'false');
  await member.goto('/');
  await expect(
    region(member, '좋아요한 채널').getByText('좋아요한 채널이 없습니다. 채널 페이지에서 하트를 눌러 보세요.'),
  ).toBeVisible();
  await context.close();
});

test('a member without PI sees the channels they gifted to and liked, the adult one locked', async ({ page }) => {
  const adult = await channelOf(page.request, 'adult01');
  await signIn(page.request, 'viewer02');
  const gift = await page.request.post('/api/lives/send-luv', {
    headers: { 'Idempotency-Key': `e2e-home-gift-${Date.now()}` },
    data: { channelId: adult, amount: 10, message: '' },
  });
  expect(gift.status()).toBe(200);
  expect((await page.request.put(`/api/channels/${adult}/like`)).status()).toBe(200);

  await page.goto('/');
  for (const name of ['최근 선물한 채널', '좋아요한 채널']) {
    const list = region(page, name);
    const card = list.getByRole('link', { name: new RegExp(LOCKED_TITLE) });
    await expect(card).toHaveAttribute('href', new RegExp(`^/channels/${adult}(/live)?$`));
  }
  await expectNoAdultText(page);
});

test('the home lists speak English', async ({ page }) => {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await page.goto('/');
  await expect(
    page.getByRole('group', { name: 'Broadcast themes' }).getByRole('button', { name: 'Games' }),
  ).toBeVisible();
  await expect(region(page, 'Live now').getByRole('link', { name: /데모 라이브 방송/ })).toBeVisible();
  await expect(region(page, 'Latest recordings').getByRole('link', { name: /지난 방송 다시보기/ })).toBeVisible();
  await expect(region(page, 'Popular broadcasters').getByRole('link', { name: /^데모BJ/ })).toBeVisible();
  await expect(region(page, 'Events').getByRole('link', { name: /Gift event: luv/ })).toBeVisible();
});

test('a list whose request fails says so and loads again on retry', async ({ page }) => {
  // The network between browser and site is the one thing cut here: the request never reaches the API.
  await page.route('**/api/home/casters*', (route) => route.abort('connectionfailed'));
  await page.goto('/');
  const casters = region(page, '인기 방송인');
  await expect(casters.getByRole('alert')).toHaveText(/목록을 불러오지 못했습니다\./);
  await page.unroute('**/api/home/casters*');
  await casters.getByRole('button', { name: '다시 시도' }).click();
  // Which broadcasters lead depends on the follows other tests made: the list is back, whoever is first.
  await expect(casters.getByRole('link').first()).toBeVisible();
  await expect(casters.getByRole('alert')).toHaveCount(0);
});
