import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, freshId, LOCALES, T, useLocale, VIEWPORTS, watchCsp } from './auth-fixtures.ts';

type Texts = (typeof T)['ko' | 'en'];
const main = (page: Page) => page.getByRole('main');

async function ready(page: Page, l: Texts) {
  await expect(main(page).getByRole('textbox', { name: l.id, exact: true })).toBeEnabled();
}

async function fillDomestic(page: Page, l: Texts, v: { id: string; pw: string; confirm?: string; nick: string }) {
  const f = main(page);
  await f.getByRole('textbox', { name: l.id, exact: true }).fill(v.id);
  await f.getByLabel(l.password, { exact: true }).fill(v.pw);
  await f.getByLabel(l.confirm, { exact: true }).fill(v.confirm ?? v.pw);
  await f.getByRole('textbox', { name: l.nickname, exact: true }).fill(v.nick);
}

for (const [vp, viewport] of Object.entries(VIEWPORTS)) {
  for (const locale of LOCALES) {
    const l = T[locale];
    test.describe(`domestic sign-up, ${locale}, ${vp}`, () => {
      test.use({ viewport });
      test.beforeEach(async ({ context }) => useLocale(context, locale));

      test('signs up to the welcome panel and a signed-in state', async ({ page }) => {
        const csp = watchCsp(page);
        await page.goto('/signup?callbackURL=%2F%3Fafter%3Dsignup');
        await ready(page, l);
        await expectAxeClean(page);
        const id = freshId('dom');
        await fillDomestic(page, l, { id, pw: 'Secure12!', nick: `n${id.slice(-8)}` });
        await main(page).getByRole('checkbox', { name: l.all, exact: true }).check();
        for (const name of [l.terms, l.privacy, l.marketing])
          await expect(main(page).getByRole('checkbox', { name, exact: true })).toBeChecked();
        await main(page).getByRole('button', { name: l.signup, exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/completed/signup');
        await expect(page.getByRole('heading', { name: l.welcome })).toBeVisible();
        await expect(page.getByRole('link', { name: l.verify })).toHaveAttribute(
          'href',
          /\/my\/personal-auth\?callbackURL=/,
        );
        const me = await page.request.get('/api/my/profile');
        expect(me.status()).toBe(200);
        expect((await me.json()).loginId).toBe(id);
        await expectAxeClean(page);
        await page.getByRole('button', { name: l.close, exact: true }).click();
        await page.waitForURL((u) => u.search === '?after=signup');
        expect(csp).toEqual([]);
      });

      test('shows every §5 message of the domestic form', async ({ page }) => {
        await page.goto('/signup');
        await ready(page, l);
        const f = main(page);
        const submit = f.getByRole('button', { name: l.signup, exact: true });
        await submit.click();
        for (const text of [l.idEmpty, l.pwEmpty, l.nickEmpty, l.terms_required])
          await expect(f.getByText(text, { exact: true })).toBeVisible();

        await fillDomestic(page, l, { id: '12345678', pw: 'short', confirm: 'other', nick: '' });
        await submit.click();
        await expect(f.getByText(l.idRule, { exact: true })).toBeVisible();
        await expect(f.getByText(l.pwRule, { exact: true })).toBeVisible();

        await fillDomestic(page, l, { id: 'viewer01', pw: 'Secure12!', confirm: 'Secure12?', nick: '시청자01' });
        await f.getByRole('textbox', { name: l.recommender, exact: true }).fill('nobody0000');
        await f.getByRole('textbox', { name: l.recommender, exact: true }).blur();
        // Live server checks: ID exists, nickname overlap, recommender notfound.
        await expect(f.getByText(l.idExists, { exact: true })).toBeVisible();
        await expect(f.getByText(l.nickExists, { exact: true })).toBeVisible();
        await expect(f.getByText(l.recNotFound, { exact: true })).toBeVisible();
        await submit.click();
        await expect(f.getByText(l.pwMismatch, { exact: true })).toBeVisible();
      });

      test('the agreement boxes add up as the spec says and open their text', async ({ page }) => {
        await page.goto('/signup');
        await ready(page, l);
        // The block loads at the visitor's first sign of using the page (a pointer move here).
        await page.mouse.move(20, 200);
        const f = main(page);
        const all = f.getByRole('checkbox', { name: l.all, exact: true });
        await f.getByRole('checkbox', { name: l.terms, exact: true }).check();
        await f.getByRole('checkbox', { name: l.privacy, exact: true }).check();
        await expect(all).not.toBeChecked();
        await f.getByRole('checkbox', { name: l.marketing, exact: true }).check();
        await expect(all).toBeChecked();
        await all.uncheck();
        for (const name of [l.terms, l.privacy, l.marketing])
          await expect(f.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
        await f.getByRole('button', { name: locale === 'ko' ? '이용약관 보기' : 'View Terms of service' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      test('the tab to the foreigner form keeps the query string', async ({ page }) => {
        await page.goto('/signup?callbackURL=%2Fx&recommendId=viewer01');
        await ready(page, l);
        // A preset recommender is not asked again.
        await expect(main(page).getByRole('textbox', { name: l.recommender, exact: true })).toHaveCount(0);
        await main(page)
          .getByRole('link', { name: locale === 'ko' ? '외국인' : 'Foreigners' })
          .click();
        await page.waitForURL((u) => u.pathname === '/signup/foreigner');
        expect(new URL(page.url()).search).toBe('?callbackURL=%2Fx&recommendId=viewer01');
        await ready(page, l);
        await main(page)
          .getByRole('link', { name: locale === 'ko' ? '내국인' : 'Korean residents' })
          .click();
        await page.waitForURL((u) => u.pathname === '/signup');
        expect(new URL(page.url()).search).toBe('?callbackURL=%2Fx&recommendId=viewer01');
      });
    });
  }
}

test.describe('sign-up rules', () => {
  test('partner variant hides the tabs and shows the welcome banner', async ({ page }) => {
    await page.goto('/signup?asp_code=onion&userkey=u123');
    await expect(main(page).getByRole('status').filter({ hasText: '환영합니다' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: '외국인' })).toHaveCount(0);
  });

  test('a double click sends one sign-up request (500 ms lock, 1 s debounce)', async ({ page }) => {
    const l = T.ko;
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/auth/signup') && posts.push(r.url()));
    await page.goto('/signup');
    await ready(page, l);
    const id = freshId('dbl');
    await fillDomestic(page, l, { id, pw: 'Secure12!', nick: `d${id.slice(-8)}` });
    await main(page).getByRole('checkbox', { name: l.all, exact: true }).check();
    await main(page).getByRole('button', { name: l.signup, exact: true }).dblclick({ force: true });
    await page.waitForURL((u) => u.pathname === '/completed/signup');
    expect(posts).toHaveLength(1);
  });

  test('keyboard only: sign-up completes with Tab, Space and Enter', async ({ page }) => {
    const l = T.en;
    await useLocale(page.context(), 'en');
    await page.goto('/signup');
    await ready(page, l);
    const idField = main(page).getByRole('textbox', { name: l.id, exact: true });
    for (let i = 0; i < 40 && !(await idField.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(idField).toBeFocused();
    const id = freshId('kbd');
    for (const value of [id, 'Secure12!', 'Secure12!', `k${id.slice(-8)}`]) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    // Past the optional recommender (its hint is not focusable) to "Agree to all".
    const all = main(page).getByRole('checkbox', { name: l.all, exact: true });
    for (let i = 0; i < 5 && !(await all.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(all).toBeFocused();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked();
    await idField.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/completed/signup');
  });

  test('IME: Enter that commits a Hangul nickname does not submit', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/auth/signup') && posts.push(r.url()));
    await page.goto('/signup');
    await ready(page, T.ko);
    const nick = main(page).getByRole('textbox', { name: '닉네임', exact: true });
    await nick.click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '한', selectionStart: 1, selectionEnd: 1 });
    await page.keyboard.press('Enter');
    await expect(main(page).getByText(T.ko.idEmpty, { exact: true })).toHaveCount(0);
    expect(posts).toEqual([]);
  });
});
