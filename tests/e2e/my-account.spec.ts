import { expect, test, type Browser } from '@playwright/test';
import { freshId } from './auth-fixtures.ts';
import { composeHangul } from './ime.ts';

/** A member signed up just now, with a second signed-in device, on My page in `locale`. */
async function newMember(browser: Browser, locale: 'ko' | 'en') {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const loginId = freshId('ac');
  const nickname = `ac${loginId.slice(-7)}`;
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
  const other = await browser.newContext();
  const signin = await other.request.post('/v2/api/auth/signin', {
    data: { loginId, password: 'Secure12!', loginKeep: true, saveId: false, device: 'PCWEB' },
  });
  expect(signin.status()).toBe(200);
  await page.goto('/my');
  return { context, other, page, loginId, nickname };
}

const T = {
  ko: {
    account: '계정',
    field: '닉네임',
    save: '닉네임 변경',
    saved: '닉네임을 바꿨어요',
    taken: '이미 존재하는 닉네임입니다.',
    everywhere: '모든 기기에서 로그아웃',
    ok: '로그아웃',
  },
  en: {
    account: 'Account',
    field: 'Nickname',
    save: 'Change nickname',
    saved: 'Your nickname is now',
    taken: 'Nickname that already exists.',
    everywhere: 'Sign out everywhere',
    ok: 'Sign out',
  },
} as const;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test(`${locale}: a member changes their nickname (a taken one is refused), then signs out on every device`, async ({
    browser,
  }) => {
    const { context, other, page, loginId } = await newMember(browser, locale);
    const account = page.getByRole('region', { name: t.account });
    const field = account.getByRole('textbox', { name: t.field });

    await field.fill('데모BJ');
    await account.getByRole('button', { name: t.save }).click();
    await expect(account.getByRole('alert')).toHaveText(t.taken);

    const next = `새별${loginId.slice(-6)}`;
    await field.fill('');
    await field.focus();
    await composeHangul(page, '새별');
    await field.pressSequentially(loginId.slice(-6));
    await expect(field).toHaveValue(next);
    await field.press('Enter');
    await expect(account.getByText(t.saved)).toBeVisible();
    const me = (await (await page.request.get('/api/my/profile')).json()) as { nickname: string };
    expect(me.nickname).toBe(next);

    await account.getByRole('button', { name: t.everywhere }).click();
    const dialog = page.getByRole('alertdialog', { name: t.everywhere });
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/my/profile')).status()).toBe(401);
    // The other device's refresh token is revoked too.
    expect((await other.request.post('/api/oauth/refresh')).status()).toBe(401);
    expect((await other.request.get('/api/my/profile')).status()).toBe(401);
    await context.close();
    await other.close();
  });
}
