import { expect, test, type Page } from '@playwright/test';
import { ORIGIN, T, useLocale, VIEWPORTS, watchCsp } from './auth-fixtures.ts';

const main = (page: Page) => page.getByRole('main');

/** Signs in through the development OAuth simulator as `subject`, starting from /signin. */
async function throughSimulator(page: Page, button: string, subject: string, locale: 'ko' | 'en') {
  await page.goto('/signin?callbackURL=%2F%3Fsocial%3D1');
  await expect(main(page).getByRole('textbox').first()).toBeEnabled();
  // The social buttons load on the visitor's first sign of using the page; untouched, there are none.
  await expect(main(page).getByRole('button', { name: button })).toHaveCount(0);
  await main(page).getByRole('textbox').first().focus();
  await main(page).getByRole('button', { name: button }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/api/dev/oauth/'));
  // The simulator speaks the visitor's language.
  await page.getByLabel(locale === 'ko' ? /사용자 ID$/ : /user ID$/).fill(subject);
  await page.getByRole('button', { name: locale === 'ko' ? '이 사용자로 계속하기' : 'Continue as this user' }).click();
  await page.waitForURL((u) => /^\/callback\/\w+\/authorize$/.test(u.pathname));
}

const CASES = [
  { locale: 'ko', vp: 'desktop', provider: 'kakao', button: '카카오로 계속하기' },
  { locale: 'en', vp: 'mobile', provider: 'google', button: 'Continue with Google' },
  { locale: 'en', vp: 'desktop', provider: 'twitch', button: 'Continue with Twitch' },
] as const;

for (const c of CASES) {
  const l = T[c.locale];
  test.describe(`social ${c.provider}, ${c.locale}, ${c.vp}`, () => {
    test.use({ viewport: VIEWPORTS[c.vp] });
    test.beforeEach(async ({ context }) => useLocale(context, c.locale));

    test('first visit signs up, the next one signs straight in to the callbackURL', async ({ page, context }) => {
      const csp = watchCsp(page);
      const subject = `e2e-${c.provider}-${Date.now()}`;
      await throughSimulator(page, c.button, subject, c.locale);
      const f = main(page);
      const nickname = f.getByRole('textbox', { name: l.nickname, exact: true });
      await expect(nickname).toBeEnabled();
      if (c.provider === 'google')
        await expect(f.getByRole('combobox', { name: l.countryCode, exact: true })).toBeVisible();
      if (c.provider === 'twitch') await expect(f.getByRole('textbox', { name: l.id, exact: true })).toBeVisible();
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      await expect(f.getByText(l.terms_required, { exact: true })).toBeVisible();
      await nickname.fill(`s${String(Date.now()).slice(-7)}`);
      await f.getByRole('checkbox', { name: l.all, exact: true }).check();
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      await expect(page.getByRole('heading', { name: l.welcome })).toBeVisible();
      expect((await page.request.get('/api/my/profile')).status()).toBe(200);

      await context.clearCookies();
      await useLocale(context, c.locale);
      await throughSimulator(page, c.button, subject, c.locale);
      await page.waitForURL((u) => u.pathname === '/' && u.search === '?social=1');
      expect((await page.request.get('/api/my/profile')).status()).toBe(200);
      expect(csp).toEqual([]);
    });
  });
}

test('a forged or replayed callback shows the unknown-error text', async ({ page, context }) => {
  await useLocale(context, 'ko');
  await page.goto(`${ORIGIN}/callback/kakao/authorize?code=forged&state=forged`);
  await expect(main(page).getByRole('alert')).toHaveText('알 수 없는 오류가 발생하였습니다.');
});
