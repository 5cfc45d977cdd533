/**
 * One truth per fact (issue #39, point 6): what a page shows is what the API answers for the same
 * fact: My page's counts are those of the lists they count, a broadcast's title never renames the
 * channel, the gift dialog and the boards name people by nickname, and developer notices are for
 * operators only. Korean on a desktop, English at 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { VIEWPORTS } from './auth-fixtures.ts';
import { becomeBj, contextIn, signUpFresh } from './broadcast-fixtures.ts';
import { channelOf, signIn } from './channel-fixtures.ts';
import { pngFile, unique } from './my-fixtures.ts';

const W = {
  ko: {
    summary: '한눈에 보기',
    subscriptions: '구독 채널',
    follows: '팔로우한 채널',
    channelName: '방송국 이름',
    gift: '선물하기',
    giftTo: (nickname: string) => `받는 BJ: ${nickname}`,
    develop: '개발 공지',
    notices: '공지사항',
    tabs: '고객센터 메뉴',
  },
  en: {
    summary: 'At a glance',
    subscriptions: 'Subscribed channels',
    follows: 'Followed channels',
    channelName: 'Channel name',
    gift: 'Send a gift',
    giftTo: (nickname: string) => `To BJ ${nickname}`,
    develop: 'Developer notices',
    notices: 'Notices',
    tabs: 'Customer service sections',
  },
} as const;

/** The number a summary entry (`<dt>` name, `<dd>` count) shows. */
async function summaryCount(page: Page, region: string, name: string): Promise<number> {
  const entry = page
    .getByRole('region', { name: region })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: name }) });
  return Number(await entry.getByRole('definition').textContent());
}

for (const [locale, viewport] of [
  ['ko', VIEWPORTS.desktop],
  ['en', VIEWPORTS.mobile],
] as const) {
  const w = W[locale];

  test(`${locale}: My page counts the subscriptions and follows its lists show`, async ({ browser }) => {
    const { context, page } = await contextIn(browser, locale);
    await page.setViewportSize(viewport);
    await signUpFresh(page.request, 'tru');
    const channelId = await channelOf(page.request, 'bj0001');
    expect((await page.request.post('/api/my/streams/subscriptions', { data: { channelId } })).status()).toBe(200);
    const subs = (await (await page.request.get('/api/my/subscriptions')).json()) as { list: { status: number }[] };
    const follows = (await (await page.request.get('/api/my/streams/subscriptions')).json()) as { list: unknown[] };
    const main = (await (await page.request.get('/api/my/view-main?device=PCWEB')).json()) as {
      subscriptions: number;
      follows: number;
    };
    expect(main.subscriptions).toBe(subs.list.filter((s) => s.status === 1 || s.status === 5).length);
    expect(main.follows).toBe(follows.list.length);
    expect(main.follows).toBe(1);

    await page.goto('/my');
    await expect(page.getByRole('region', { name: w.summary })).toBeVisible();
    await expect.poll(() => summaryCount(page, w.summary, w.follows)).toBe(main.follows);
    expect(await summaryCount(page, w.summary, w.subscriptions)).toBe(main.subscriptions);
    await expect(page.getByRole('region', { name: w.follows }).getByRole('link').first()).toHaveAttribute(
      'href',
      `/channels/${channelId}`,
    );
    await context.close();
  });

  test(`${locale}: a broadcast's title leaves the channel's name as it was`, async ({ browser, request }) => {
    test.setTimeout(60_000);
    const { context, page } = await contextIn(browser, locale);
    await page.setViewportSize(viewport);
    const loginId = await signUpFresh(page.request, 'trb');
    const name = unique('우리 방송국');
    const channelId = await becomeBj(page.request, request, loginId, name);
    const liveTitle = unique('오늘의 방송');
    const started = await page.request.post(`/api/channels/${channelId}/broadcast`, {
      data: { on: true, title: liveTitle },
    });
    expect(started.status(), await started.text()).toBe(200);
    expect((await started.json()).title).toBe(liveTitle);
    expect((await page.request.post(`/api/channels/${channelId}/broadcast`, { data: { on: false } })).status()).toBe(
      200,
    );

    const profile = (await (await page.request.get('/api/my/channel/profile')).json()) as { title: string };
    expect(profile.title).toBe(name);
    const channel = (await (await page.request.get(`/api/channels/${channelId}/channel-page`)).json()) as {
      channel: { title: string };
    };
    expect(channel.channel.title).toBe(name);
    await page.goto('/my/channel');
    await expect(page.getByRole('textbox', { name: w.channelName })).toHaveValue(profile.title);
    await context.close();
  });

  test(`${locale}: the gift dialog and a board post name people by nickname`, async ({ browser }) => {
    const { context, page } = await contextIn(browser, locale);
    await page.setViewportSize(viewport);
    await signIn(page.request, 'viewer01');
    const channelId = await channelOf(page.request, 'bj0001');
    const data = (await (await page.request.get(`/api/channels/${channelId}/channel-page`)).json()) as {
      channel: { nickname: string; loginId: string };
    };
    await page.goto(`/channels/${channelId}`);
    await page.getByRole('button', { name: w.gift, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(w.giftTo(data.channel.nickname), { exact: true })).toBeVisible();
    await expect(dialog.getByText(data.channel.loginId)).toHaveCount(0);
    await page.keyboard.press('Escape');

    const title = unique('닉네임 확인');
    const post = await page.request.post('/api/cs/board-write', {
      multipart: {
        channelId: String(channelId),
        category: 'fan',
        title,
        content: '안녕하세요',
        files: pngFile('a.png'),
      },
    });
    expect(post.status(), await post.text()).toBe(201);
    const { boardId } = (await post.json()) as { boardId: number };
    const me = (await (await page.request.get('/api/my/profile')).json()) as { nickname: string; loginId: string };
    await page.goto(`/boards?channelId=${channelId}&boardId=${boardId}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
    await expect(article.getByText(new RegExp(`^${me.nickname} · `))).toBeVisible();
    await expect(article.getByText(`(${me.loginId})`)).toHaveCount(0);
    await context.close();
  });

  test(`${locale}: developer notices only for operators, in the page as in the API`, async ({ browser }) => {
    const { context, page } = await contextIn(browser, locale);
    await page.setViewportSize(viewport);
    await signIn(page.request, 'viewer01');
    expect((await page.request.get('/api/cs/develop-notice-list')).status()).toBe(403);
    await page.goto('/cs?tab=develop');
    const tabs = page.getByRole('tablist', { name: w.tabs });
    await expect(tabs.getByRole('tab', { name: w.notices })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: w.develop })).toHaveCount(0);

    await signIn(page.request, 'op0001');
    const devTitle = unique('개발 안내');
    const made = await page.request.post('/api/cs/notice-post', {
      data: { kind: 'develop', title: devTitle, content: 'v2' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const dev = (await (await page.request.get('/api/cs/develop-notice-list')).json()) as {
      list: { title: string }[];
    };
    await page.goto('/cs?tab=develop');
    await expect(tabs.getByRole('tab', { name: w.develop })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    expect(dev.list[0]?.title).toBe(devTitle);
    for (const n of dev.list.slice(0, 3)) await expect(panel.getByText(n.title).first()).toBeVisible();
    await context.close();
  });
}
