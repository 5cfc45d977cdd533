/**
 * Invitation links: My page hands out `/signup?refcode={loginId}`; the sign-up page names the inviter (`GET
 * /api/guest/refcode/{code}`) and sends them as the recommender.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshId, T } from './auth-fixtures.ts';

const INVITE = {
  ko: {
    region: '친구 초대',
    link: '초대 링크',
    copy: '링크 복사',
    copied: '링크를 복사했어요.',
    invited: (n: string) => `초대한 회원: ${n}.`,
  },
  en: {
    region: 'Invite friends',
    link: 'Invitation link',
    copy: 'Copy link',
    copied: 'Link copied.',
    invited: (n: string) => `Invited by ${n},`,
  },
} as const;

async function signUpByApi(page: Page, prefix: string) {
  const loginId = freshId(prefix);
  const nickname = `${prefix}${loginId.slice(-7)}`;
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
  expect(res.status()).toBe(201);
  return { loginId, nickname };
}

for (const locale of ['ko', 'en'] as const) {
  const t = INVITE[locale];
  const l = T[locale];
  test(`${locale}: a member copies their invitation link; a friend opening it sees who invited them and signs up with them as recommender`, async ({
    browser,
  }) => {
    const base = test.info().project.use.baseURL!;
    const inviterContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await inviterContext.addCookies([{ name: 'locale', value: locale, url: base }]);
    const page = await inviterContext.newPage();
    const inviter = await signUpByApi(page, 'iv');
    await page.goto('/my');
    const region = page.getByRole('region', { name: t.region });
    const field = region.getByRole('textbox', { name: t.link });
    await expect(field).toHaveValue(`${base}/signup?refcode=${inviter.loginId}`);
    await region.getByRole('button', { name: t.copy }).click();
    await expect(region.getByRole('status')).toHaveText(t.copied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${base}/signup?refcode=${inviter.loginId}`);
    expect(await (await page.request.get(`/api/guest/refcode/${inviter.loginId}`)).json()).toEqual({
      result: 'ok',
      ...inviter,
    });
    await inviterContext.close();

    const friendContext = await browser.newContext();
    await friendContext.addCookies([{ name: 'locale', value: locale, url: base }]);
    const friend = await friendContext.newPage();
    await friend.goto(copied);
    const main = friend.getByRole('main');
    await expect(main.getByRole('status').filter({ hasText: t.invited(inviter.nickname) })).toBeVisible();
    // The recommender is set by the link, so the form does not ask for one.
    await expect(main.getByRole('textbox', { name: l.recommender, exact: true })).toHaveCount(0);
    const id = freshId('fr');
    await main.getByRole('textbox', { name: l.id, exact: true }).fill(id);
    await main.getByLabel(l.password, { exact: true }).fill('Secure12!');
    await main.getByLabel(l.confirm, { exact: true }).fill('Secure12!');
    await main.getByRole('textbox', { name: l.nickname, exact: true }).fill(`f${id.slice(-8)}`);
    await main.getByRole('checkbox', { name: l.all, exact: true }).check();
    const sent = friend.waitForRequest((r) => r.url().endsWith('/api/auth/signup') && r.method() === 'POST');
    await main.getByRole('button', { name: l.signup, exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ loginId: id, recommendId: inviter.loginId });
    await friend.waitForURL((u) => u.pathname === '/completed/signup');
    expect(((await (await friend.request.get('/api/my/profile')).json()) as { loginId: string }).loginId).toBe(id);
    await friendContext.close();
  });
}
