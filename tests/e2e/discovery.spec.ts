/**
 * Discovery (issue #39 point 1): the header's search (a Korean IME's composition searched only on submit),
 * initial consonants, the blank query, the browse page's categories with live counts, a member's followed
 * channels on the home page and in the desktop sidebar, and the viewers and uptime over a live card's
 * thumbnail; in ko and en, on a desktop and a 375 px phone; what the page lists is checked against the API.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshId, useLocale, VIEWPORTS } from './auth-fixtures.ts';
import { channelOf } from './channel-fixtures.ts';
import { composeHangul } from './ime.ts';

interface Card {
  channelId: number;
  nickname: string;
  title: string | null;
  viewers: number;
  broadcasting: boolean;
}
interface Results {
  query: string;
  channels: Card[];
  lives: Card[];
}

const T = {
  ko: {
    box: '채널, 방송 검색',
    heading: (q: string) => `‘${q}’ 검색 결과`,
    channels: '채널',
    lives: '생방송',
    typeSomething: /닉네임, 방송국 이름이나 방송 제목을 입력하세요/,
    noChannels: (q: string) => `‘${q}’에 맞는 채널이 없습니다.`,
    categories: '카테고리',
    all: '전체',
    game: '게임',
    count: (n: number) => `${n}개 방송 중`,
    emptyTheme: '이 테마로 방송 중인 채널이 없습니다.',
    following: '팔로우 채널',
    subs: '구독한 채널',
    live: '지금 방송 중',
    viewers: /시청자 \d+명/,
    uptime: /방송 \d+:\d\d/,
  },
  en: {
    box: 'Search channels and lives',
    heading: (q: string) => `Results for “${q}”`,
    channels: 'Channels',
    lives: 'Live now',
    typeSomething: /Type a nickname, a channel name or a live's title/,
    noChannels: (q: string) => `No channel matches “${q}”.`,
    categories: 'Categories',
    all: 'All',
    game: 'Games',
    count: (n: number) => `${n} live`,
    emptyTheme: 'No channel of this theme is live right now.',
    following: 'Following',
    subs: 'Subscriptions',
    live: 'Live now',
    viewers: /\d+ watching/,
    uptime: /Live for \d+:\d\d/,
  },
} as const;

const searchApi = async (request: APIRequestContext, q: string) =>
  (await (await request.get(`/api/search?q=${encodeURIComponent(q)}`)).json()) as Results;

/** The results page shows exactly the channels and lives the API found for `q`. */
async function expectResultsOf(page: Page, locale: 'ko' | 'en', q: string) {
  const t = T[locale];
  const api = await searchApi(page.request, q);
  await expect(page.getByRole('heading', { name: t.heading(q) })).toBeVisible();
  const channels = page.getByRole('region', { name: t.channels, exact: true });
  const lives = page.getByRole('region', { name: t.lives, exact: true });
  await expect(channels.getByRole('link')).toHaveCount(api.channels.length);
  // In the API's order, each leading to its channel (its live page when on air).
  for (const [i, c] of api.channels.entries()) {
    const link = channels.getByRole('link').nth(i);
    await expect(link).toHaveAttribute('href', new RegExp(`^/channels/${c.channelId}(/live)?$`));
    await expect(link).toContainText(c.nickname);
  }
  await expect(lives.getByRole('link')).toHaveCount(api.lives.length);
  for (const [i, c] of api.lives.entries())
    await expect(lives.getByRole('link').nth(i)).toHaveAttribute('href', `/channels/${c.channelId}/live`);
  return api;
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const locale of ['ko', 'en'] as const) {
    const t = T[locale];
    test.describe(`${locale}, ${device}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ context }) => useLocale(context, locale));

      test('searches from the header on submit, not while a Korean IME composes', async ({ page }) => {
        await page.goto('/');
        const box = page.getByRole('search').getByRole('searchbox', { name: t.box });
        await box.click();
        await composeHangul(page, '데모');
        // Composing typed nothing to the server: the page is still home.
        await expect(page).toHaveURL(/\/$/);
        await box.press('Enter');
        await expect(page).toHaveURL(/\/search\?q=%EB%8D%B0%EB%AA%A8$/);
        const api = await expectResultsOf(page, locale, '데모');
        expect(api.channels.length).toBeGreaterThan(0);
        // The header's box keeps the query to refine it.
        await expect(page.getByRole('searchbox', { name: t.box })).toHaveValue('데모');
        // A found live leads to its live page.
        const bj = await channelOf(page.request, 'bj0001');
        const region = page.getByRole('region', { name: t.lives, exact: true });
        await expect(region.locator(`a[href="/channels/${bj}/live"]`)).toBeVisible();
      });

      test('finds by initial consonants, says so when nothing matches, asks for a query when blank', async ({
        page,
      }) => {
        await page.goto('/search?q=%E3%84%B7%E3%85%81'); // ㄷㅁ: 데모 …
        const api = await expectResultsOf(page, locale, 'ㄷㅁ');
        expect(api.channels.map((c) => c.nickname).length).toBeGreaterThan(0);

        const none = `없는${freshId('q')}`;
        await page.goto(`/search?q=${encodeURIComponent(none)}`);
        await expect(page.getByText(t.noChannels(none))).toBeVisible();
        expect((await searchApi(page.request, none)).channels).toEqual([]);

        await page.goto('/');
        await page.getByRole('searchbox', { name: t.box }).press('Enter');
        await expect(page).toHaveURL(/\/search\?q=$/);
        await expect(page.getByText(t.typeSomething)).toBeVisible();
      });

      test('browses lives by category with their live counts', async ({ page }) => {
        const cats = (await (await page.request.get('/api/search/categories')).json()) as {
          list: { themeId: number; code: string; liveCount: number }[];
          total: number;
        };
        await page.goto('/browse');
        const group = page.getByRole('group', { name: t.categories });
        const all = group.getByRole('button', { name: `${t.all} ${t.count(cats.total)}` });
        await expect(all).toHaveAttribute('aria-pressed', 'true');
        const game = cats.list.find((c) => c.code === 'game')!;
        const gameButton = group.getByRole('button', { name: `${t.game} ${t.count(game.liveCount)}` });
        await gameButton.click();
        await expect(gameButton).toHaveAttribute('aria-pressed', 'true');
        await expect(page).toHaveURL(/\/browse\?theme=game$/);
        const lives = (await (await page.request.get('/api/lives?themeId=2&limit=100')).json()) as { list: Card[] };
        const region = page.getByRole('region', { name: t.game, exact: true });
        if (lives.list.length === 0) await expect(region.getByText(t.emptyTheme)).toBeVisible();
        else await expect(region.getByRole('link')).toHaveCount(lives.list.length);
        // The address keeps the choice.
        await page.reload();
        await expect(page.getByRole('group', { name: t.categories }).getByRole('button', { pressed: true })).toHaveText(
          `${t.game} ${t.count(game.liveCount)}`,
        );
      });

      test("a member's followed live channel: in the home list, and in the sidebar on a desktop", async ({ page }) => {
        const loginId = freshId('dv');
        const res = await page.request.post('/api/auth/signup', {
          data: {
            loginId,
            password: 'Secure12!',
            passwordConfirm: 'Secure12!',
            nickname: `dv${loginId.slice(-7)}`,
            agreeTerms: true,
            agreePrivacy: true,
          },
        });
        expect(res.status()).toBe(201);
        const bj = await channelOf(page.request, 'bj0001');
        expect((await page.request.post('/api/my/streams/subscriptions', { data: { channelId: bj } })).ok()).toBe(true);
        const followed = (await (await page.request.get('/api/my/streams/subscriptions')).json()) as { list: Card[] };
        const card = followed.list.find((c) => c.channelId === bj)!;
        expect(card.broadcasting).toBe(true);

        await page.goto('/');
        const sidebar = page.getByRole('navigation', { name: t.following });
        if (device === 'desktop') {
          const link = sidebar.getByRole('link', { name: new RegExp(card.nickname) });
          await expect(link).toBeVisible();
          await expect(link).toHaveAttribute('href', `/channels/${bj}/live`);
          await expect(link).toContainText('LIVE');
          await expect(link).toContainText(t.viewers);
          await expect(sidebar.getByRole('link')).toHaveCount(followed.list.length);
        } else await expect(sidebar).toBeHidden();
        const region = page.getByRole('region', { name: t.subs, exact: true });
        await expect(region.getByRole('link', { name: new RegExp(card.title ?? card.nickname) })).toBeVisible();
      });

      test('a live card shows its viewers and time on air over the thumbnail', async ({ page }) => {
        const bj = await channelOf(page.request, 'bj0001');
        const lives = (await (await page.request.get('/api/lives?limit=100')).json()) as { list: Card[] };
        const card = lives.list.find((c) => c.channelId === bj)!;
        await page.goto('/');
        const region = page.getByRole('region', { name: t.live, exact: true });
        const link = region.getByRole('link', { name: new RegExp(card.title!) }).first();
        await expect(link).toHaveAttribute('href', `/channels/${bj}/live`);
        const viewers = link.getByText(t.viewers);
        const uptime = link.getByText(t.uptime);
        await expect(viewers).toBeVisible();
        await expect(uptime).toBeVisible();
        // Both sit on the 16:9 thumbnail, the link's top part.
        const box = (await link.boundingBox())!;
        for (const el of [viewers, uptime]) {
          const b = (await el.boundingBox())!;
          expect(b.y + b.height).toBeLessThanOrEqual(box.y + (box.width * 9) / 16 + 1);
          expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
        }
      });
    });
  }
}
