/**
 * SPEC §2 session-expired dialog on members-only pages: a member whose session dies (signed out
 * everywhere from another device) gets that dialog on the page they open, not the members-only one.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { expect, test } from './shell-fixtures.ts';

const TEXTS = {
  ko: {
    title: '안내',
    text: '세션이 만료되었습니다. 다시 로그인 후 이용가능합니다.',
    ok: '확인',
    cancel: '취소',
    signin: '로그인',
    members: '회원 전용',
  },
  en: {
    title: 'Notice',
    text: 'Your session has expired. Please sign in again to continue.',
    ok: 'OK',
    cancel: 'Cancel',
    signin: 'Sign in',
    members: 'Members only',
  },
} as const;

/**
 * Signs a member up just now (signed in in the page's cookie jar): signing out everywhere must not touch the demo
 * accounts other specs use.
 */
async function signUpFresh(page: Page): Promise<string> {
  const loginId = freshId('exp');
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `x${loginId.slice(-8)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
  return loginId;
}

/**
 * "Sign out everywhere" (`POST /api/auth/expire`) through the API while the browser keeps its
 * cookies, as when it is done on another device. `accessExpired` also drops the access cookie,
 * so the next page request makes the edge try the refresh (refused).
 */
async function signOutEverywhereElsewhere(
  context: BrowserContext,
  page: Page,
  loginId: string,
  accessExpired: boolean,
): Promise<void> {
  const keep = (await context.cookies()).filter(
    (c) => c.name.startsWith('flx_') && !(accessExpired && c.name === 'flx_oauth_access'),
  );
  expect(keep.map((c) => c.name)).toContain('flx_oauth_refresh');
  const res = await page.request.post('/api/auth/expire', { data: { loginId } });
  expect(res.status()).toBe(200);
  await context.clearCookies();
  await context.addCookies(keep);
}

for (const locale of ['ko', 'en'] as const) {
  const t = TEXTS[locale];
  for (const accessExpired of [false, true]) {
    test(`${locale}: my page after sign-out everywhere (${accessExpired ? 'refresh refused at the page' : 'revoked token'}) shows session-expired; ${t.ok} opens sign-in`, async ({
      page,
      context,
    }) => {
      await signOutEverywhereElsewhere(context, page, await signUpFresh(page), accessExpired);
      await page.goto(`/my?locale=${locale}`);
      const dialog = page.getByRole('alertdialog', { name: t.title });
      await expect(dialog).toContainText(t.text);
      await expect(page.getByRole('dialog', { name: t.members })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: t.cancel })).toBeVisible();
      await dialog.getByRole('button', { name: t.ok }).click();
      await expect(page.getByRole('dialog', { name: t.signin })).toBeVisible();
      // The session is gone on the server, and the browser holds no session cookie any more.
      expect((await page.request.get('/api/my/profile')).status()).toBe(401);
      const names = (await context.cookies()).map((c) => c.name);
      expect(names.filter((n) => /^flx_(oauth|session)/.test(n))).toEqual([]);
    });
  }
}

test('ko: the dialog shows once; a reload after 취소 is a guest with the members-only dialog', async ({
  page,
  context,
}) => {
  await signOutEverywhereElsewhere(context, page, await signUpFresh(page), true);
  await page.goto('/my');
  const dialog = page.getByRole('alertdialog', { name: TEXTS.ko.title });
  await expect(dialog).toContainText(TEXTS.ko.text);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: TEXTS.ko.cancel }).click()]);
  await expect(page.getByRole('dialog', { name: TEXTS.ko.members })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
