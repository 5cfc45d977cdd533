import { expect, test, type Browser } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { channelOf } from './channel-fixtures.ts';
import { composeHangul } from './ime.ts';

/** A member signed up just now, on the live page of `channelId` in `locale`. */
async function newMemberOnLive(browser: Browser, locale: 'ko' | 'en', channelId: number) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const loginId = freshId('em');
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `em${loginId.slice(-7)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  await page.goto(`/channels/${channelId}/live`);
  return { context, page, loginId };
}

const T = {
  ko: {
    open: '이모티콘',
    panel: '이모티콘 선택',
    favourites: '즐겨찾기',
    all: '전체',
    star: '하트 즐겨찾기',
    search: '이모티콘 검색',
    results: '검색 결과',
    input: '채팅 입력',
  },
  en: {
    open: 'Emoji',
    panel: 'Choose an emoji',
    favourites: 'Favourites',
    all: 'All',
    star: 'Favourite: 하트',
    search: 'Search emoticons',
    results: 'Search results',
    input: 'Chat message',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: a member stars an emoticon, finds another by its Korean title, inserts it; the favourite is kept by the API`, async ({
    browser,
    page: bjPage,
  }) => {
    const channelId = await channelOf(bjPage.request, 'bj0001');
    const { context, page, loginId } = await newMemberOnLive(browser, locale, channelId);
    const toggle = page.getByRole('button', { name: t.open, exact: true });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    const panel = page.getByRole('group', { name: t.panel });
    await expect(
      panel.getByRole('group', { name: t.all }).getByRole('button', { name: '하트', exact: true }),
    ).toBeVisible();
    await expect(panel.getByRole('group', { name: t.favourites })).toHaveCount(0);

    const star = panel.getByRole('group', { name: t.all }).getByRole('button', { name: t.star });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(
      panel.getByRole('group', { name: t.favourites }).getByRole('button', { name: '하트', exact: true }),
    ).toBeVisible();
    const api = (await (await page.request.get(`/api/guest/show-emoji?loginId=${loginId}`)).json()) as {
      list: { code: string; favorite: boolean }[];
    };
    expect(api.list[0]).toMatchObject({ code: 'heart', favorite: true });

    await panel.getByRole('searchbox', { name: t.search }).focus();
    await composeHangul(page, '박수');
    const results = panel.getByRole('group', { name: t.results });
    await expect(results.getByRole('button', { name: '박수', exact: true })).toBeVisible();
    await expect(results.getByRole('button', { name: '하트', exact: true })).toHaveCount(0);
    await results.getByRole('button', { name: '박수', exact: true }).click();
    await expect(panel).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('textbox', { name: t.input })).toHaveValue('👏');

    // Kept across a reload; Escape closes the picker.
    await page.reload();
    await page.getByRole('button', { name: t.open, exact: true }).click();
    await expect(
      panel.getByRole('group', { name: t.favourites }).getByRole('button', { name: '하트', exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await context.close();
  });
}
