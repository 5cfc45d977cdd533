import { expect, test, type Browser } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { channelOf } from './channel-fixtures.ts';
import { unique } from './my-fixtures.ts';

async function newMember(browser: Browser, locale: 'ko' | 'en') {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const loginId = freshId('bn');
  const nickname = `bn${loginId.slice(-7)}`;
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  return { context, page, loginId, nickname };
}

const T = {
  ko: {
    board: /^게시판/,
    fresh: '새 글',
    like: /^좋아요 \d+$/,
    likers: '좋아한 사람 보기',
    count: (n: number) => `좋아요 ${n}개`,
    back: '목록으로',
  },
  en: {
    board: /^Board/,
    fresh: 'New',
    like: /^Like \d+$/,
    likers: 'Who liked this',
    count: (n: number) => `Likes: ${n}`,
    back: 'Back to the list',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: a post written after a visit is marked new on the channel page and the list; its likers are listed`, async ({
    browser,
    page: bj,
  }) => {
    const channelId = await channelOf(bj.request, 'bj0001');
    const reader = await newMember(browser, locale);
    const { page } = reader;

    await page.goto(`/channels/${channelId}`);
    await page.getByRole('link', { name: t.board }).click();
    await expect(page).toHaveURL(new RegExp(`/boards\\?channelId=${channelId}$`));
    await expect(page.getByRole('button', { name: t.back })).toHaveCount(0);
    // The visit is counted once the list has asked the API for the newest post.
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`flx.board.seen.${id}`), channelId))
      .not.toBeNull();

    const writer = await newMember(browser, locale);
    const title = unique('새 소식');
    const post = await writer.page.request.post('/api/cs/board-write', {
      multipart: { channelId: String(channelId), category: 'free', title, content: '안녕하세요' },
    });
    expect(post.status(), await post.text()).toBe(201);
    const { boardId } = (await post.json()) as { boardId: number };
    await writer.context.close();

    await page.goto(`/channels/${channelId}`);
    const link = page.getByRole('link', { name: t.board });
    await expect(link).toContainText(t.fresh);
    await link.click();
    const row = page.getByRole('link').filter({ hasText: title });
    await expect(row).toContainText(t.fresh);

    await row.click();
    const like = page.getByRole('button', { name: t.like });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const likers = page.getByRole('button', { name: t.likers });
    await likers.click();
    await expect(likers).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(t.count(1), { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: t.likers }).getByRole('listitem')).toHaveText([reader.nickname]);
    const api = (await (await page.request.get(`/api/cs/board-like-User/${boardId}`)).json()) as {
      list: { loginId: string }[];
      total: number;
    };
    expect(api).toMatchObject({ total: 1, list: [{ loginId: reader.loginId }] });
    expect(
      ((await (await page.request.get(`/api/cs/board-likeCount/${boardId}`)).json()) as { liked: boolean }).liked,
    ).toBe(true);

    // Seen now: the list no longer marks it (the channel page's link may be new again: the other locale's test writes
    // too).
    await page.goto(`/boards?channelId=${channelId}`);
    await expect(page.getByRole('link').filter({ hasText: title })).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: title })).not.toContainText(t.fresh);
    await reader.context.close();
  });
}
