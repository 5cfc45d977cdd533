import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, LOCALES, ORIGIN, T, useLocale, VIEWPORTS, watchCsp } from './auth-fixtures.ts';

async function signin(page: Page, l: (typeof T)['ko' | 'en'], id: string, password: string) {
  await page.getByRole('main').getByRole('textbox', { name: l.id, exact: true }).fill(id);
  await page.getByRole('main').getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: l.signin, exact: true }).click();
}

for (const [vp, viewport] of Object.entries(VIEWPORTS)) {
  for (const locale of LOCALES) {
    const l = T[locale];
    test.describe(`sign-in, ${locale}, ${vp}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ context }) => useLocale(context, locale));

      test('signs in and follows a safe callbackURL after the redirect delay', async ({ page }) => {
        const csp = watchCsp(page);
        await page.goto('/signin?callbackURL=%2F%3Ffrom%3Dsignin');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectAxeClean(page);
        await signin(page, l, 'viewer01', 'demo1234!');
        await page.waitForURL((u) => u.pathname === '/' && u.search === '?from=signin');
        const me = await page.request.get('/api/my/profile');
        expect(me.status()).toBe(200);
        expect((await me.json()).loginId).toBe('viewer01');
        // Tokens stay in HttpOnly cookies: script-visible storage holds none.
        const visible = await page.evaluate(
          () => document.cookie + JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
        );
        expect(visible).not.toMatch(/flx_oauth|eyJ/);
        expect(csp).toEqual([]);
      });

      for (const evil of [
        '//evil.example/x',
        'https://evil.example/',
        '/\\evil.example',
        '/..//evil.example',
        'javascript:alert(1)',
      ]) {
        test(`refuses the unsafe callbackURL ${evil}`, async ({ page }) => {
          await page.goto(`/signin?callbackURL=${encodeURIComponent(evil)}`);
          await signin(page, l, 'viewer02', 'demo1234!');
          await page.waitForURL((u) => u.pathname === '/');
          expect(new URL(page.url()).origin).toBe(ORIGIN);
          expect(new URL(page.url()).search).toBe('');
        });
      }

      test('401 without a message shows the invalid-account text', async ({ page }) => {
        await page.goto('/signin');
        await signin(page, l, 'viewer02', 'wrong-password1!');
        await expect(page.getByRole('main').getByRole('alert').filter({ hasText: l.invalid })).toBeVisible();
        await expect(page).toHaveURL(/\/signin$/);
      });

      test('423 shows the blocked-account text', async ({ page }) => {
        await page.goto('/signin');
        await signin(page, l, 'blocked01', 'demo1234!');
        await expect(page.getByRole('main').getByRole('alert').filter({ hasText: l.blocked })).toBeVisible();
      });

      test('empty fields are refused in §5 words without a request', async ({ page }) => {
        let calls = 0;
        page.on('request', (r) => r.url().includes('/auth/signin') && calls++);
        await page.goto('/signin');
        await page.getByRole('main').getByRole('button', { name: l.signin, exact: true }).click();
        await expect(page.getByText(l.idEmpty)).toBeVisible();
        await expect(page.getByText(l.pwEmpty)).toBeVisible();
        expect(calls).toBe(0);
      });

      test('whitespace typed into the ID is stripped', async ({ page }) => {
        await page.goto('/signin');
        const id = page.getByRole('main').getByRole('textbox', { name: l.id, exact: true });
        await expect(id).toBeEnabled();
        await id.pressSequentially(' view er01 ');
        await expect(id).toHaveValue('viewer01');
      });

      test('save ID remembers and prefills the ID, and nothing else', async ({ page, context }) => {
        await page.goto('/signin?callbackURL=%2F');
        await page.getByRole('main').getByRole('checkbox', { name: l.saveId, exact: true }).check();
        await page.getByRole('main').getByRole('checkbox', { name: l.keep, exact: true }).check();
        await signin(page, l, 'viewer01', 'demo1234!');
        await page.waitForURL((u) => u.pathname === '/');
        const stored = await page.evaluate(() => ({ ...localStorage }));
        expect(Object.values(stored)).toContain('viewer01');
        expect(JSON.stringify(stored)).not.toMatch(/eyJ|demo1234/);
        await context.clearCookies();
        await useLocale(context, locale);
        await page.goto('/signin');
        await expect(page.getByRole('main').getByRole('textbox', { name: l.id, exact: true })).toHaveValue('viewer01');
        await expect(page.getByRole('main').getByRole('checkbox', { name: l.saveId, exact: true })).toBeChecked();
      });

      test('keyboard only: Tab to the fields, Enter submits', async ({ page }) => {
        await page.goto('/signin?callbackURL=%2F%3Fkb%3D1');
        const idField = page.getByRole('main').getByRole('textbox', { name: l.id, exact: true });
        await expect(idField).toBeEnabled();
        for (let i = 0; i < 40 && !(await idField.evaluate((el) => el === document.activeElement)); i++)
          await page.keyboard.press('Tab');
        await expect(idField).toBeFocused();
        await page.keyboard.type('viewer01');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('main').getByLabel(l.password, { exact: true })).toBeFocused();
        await page.keyboard.type('demo1234!');
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.search === '?kb=1');
      });
    });
  }
}

test.describe('IME composition', () => {
  test('Enter while a Hangul syllable is composed neither submits nor submits twice', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/auth/signin') && r.method() === 'POST' && calls.push(r.url()));
    await page.goto('/signin');
    await page.getByRole('main').getByLabel('비밀번호', { exact: true }).fill('demo1234!');
    const id = page.getByRole('main').getByRole('textbox', { name: '아이디', exact: true });
    await id.click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '한', selectionStart: 1, selectionEnd: 1 });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The composition is still open and nothing was sent.
    await expect(id).toHaveValue('한');
    await cdp.send('Input.insertText', { text: '한' });
    await expect(id).toHaveValue('한');
    expect(calls).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: '계정 정보가 올바르지 않습니다.' }),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
