import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, freshId, T, useLocale, VIEWPORTS, watchCsp } from './auth-fixtures.ts';

const main = (page: Page) => page.getByRole('main');

async function latestCode(page: Page, digits: string): Promise<string> {
  const res = await page.request.get(`/api/dev/sms-outbox?phone=${digits}`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: { code: string | null }[] };
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!.code!;
}

const CASES = [
  { locale: 'ko', vp: 'desktop' },
  { locale: 'en', vp: 'mobile' },
] as const;

for (const { locale, vp } of CASES) {
  const l = T[locale];
  test.describe(`foreigner sign-up, ${locale}, ${vp}`, () => {
    test.use({ viewport: VIEWPORTS[vp] });
    test.beforeEach(async ({ context }) => useLocale(context, locale));

    test('captcha, SMS code from the outbox, 60 s lock, §5 messages, then the welcome panel', async ({ page }) => {
      test.setTimeout(90_000);
      const csp = watchCsp(page);
      await page.goto('/signup/foreigner?callbackURL=%2F');
      const f = main(page);
      await expect(f.getByRole('textbox', { name: l.id, exact: true })).toBeEnabled();
      await expectAxeClean(page);

      // Empty submit: every field names its rule in §5 words.
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      for (const text of [
        l.idEmpty,
        l.pwEmpty,
        l.nameEmpty,
        l.nickEmpty,
        l.birthday,
        l.gender,
        l.phoneRequired,
        l.terms_required,
      ]) {
        await expect(f.getByText(text, { exact: true }).first()).toBeVisible();
      }

      // Send refuses a missing phone, then a missing captcha.
      const send = f.getByRole('button', { name: l.send, exact: true });
      await send.click();
      await expect(f.getByText(l.phoneMissing, { exact: true })).toBeVisible();
      const national = `10${String(Date.now()).slice(-8)}`;
      const phone = f.getByRole('textbox', { name: l.phone, exact: true });
      await phone.pressSequentially(`0${national.slice(0, 2)}-${national.slice(2)}a`);
      await expect(phone).toHaveValue(`0${national}`);
      await f.getByRole('combobox', { name: l.countryCode, exact: true }).selectOption('KR');
      await send.click();
      await expect(f.getByText(l.captcha, { exact: true })).toBeVisible();

      // Solve the proof of work, send, and see the resend lock count down.
      const captcha = f.getByRole('checkbox', { name: l.captchaLabel, exact: true });
      await captcha.click();
      await expect(captcha).toBeChecked({ timeout: 60_000 });
      await send.click();
      await expect(f.getByRole('timer')).toContainText(/\d+/);
      // The button is aria-disabled during the lock; a press still explains why nothing is sent.
      await expect(send).toHaveAttribute('aria-disabled', 'true');
      await send.click({ force: true });
      await expect(f.getByText(l.tryLater, { exact: true })).toBeVisible();

      const code = await latestCode(page, national);
      await f.getByRole('textbox', { name: l.code, exact: true }).fill(code);
      await f.getByRole('button', { name: l.confirmBtn, exact: true }).click();
      await expect(phone).toBeDisabled();
      await expect(f.getByRole('combobox', { name: l.countryCode, exact: true })).toBeDisabled();

      const id = freshId('fgn');
      await f.getByRole('textbox', { name: l.id, exact: true }).fill(id);
      await f.getByLabel(l.password, { exact: true }).fill('LongerPassword123!xyz');
      await f.getByLabel(l.confirm, { exact: true }).fill('LongerPassword123!xyz');
      await f.getByRole('textbox', { name: l.name, exact: true }).fill('Jane Doe');
      await f.getByRole('textbox', { name: l.nickname, exact: true }).fill(`f${id.slice(-8)}`);
      // An impossible date is refused.
      await f.getByRole('combobox', { name: l.year, exact: true }).selectOption('2001');
      await f.getByRole('combobox', { name: l.month, exact: true }).selectOption('2');
      await f.getByRole('combobox', { name: l.day, exact: true }).selectOption('31');
      await f.getByRole('radio', { name: locale === 'ko' ? '여성' : 'Female' }).check();
      await f.getByRole('checkbox', { name: l.all, exact: true }).check();
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      await expect(f.getByText(l.birthday, { exact: true })).toBeVisible();
      await f.getByRole('combobox', { name: l.day, exact: true }).selectOption('28');
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/completed/signup');
      await expect(page.getByRole('heading', { name: l.welcome })).toBeVisible();
      const me = await page.request.get('/api/my/profile');
      expect((await me.json()).loginId).toBe(id);
      expect(csp).toEqual([]);
    });
  });
}
