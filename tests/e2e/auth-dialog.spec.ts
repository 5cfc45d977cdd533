import { expect, test, type Page } from '@playwright/test';
import { freshId, T, useLocale, VIEWPORTS } from './auth-fixtures.ts';

const dialog = (page: Page) => page.getByRole('dialog');

for (const [vp, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`login / sign-up dialog, ${vp}`, () => {
    test.use({ viewport });

    test('signs in from the dialog and comes back to the page (ko)', async ({ page, context }) => {
      await useLocale(context, 'ko');
      await page.goto('/?from=dialog');
      await page.getByRole('banner').getByRole('link', { name: '로그인' }).click();
      const d = dialog(page);
      await expect(d.getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
      const id = d.getByRole('textbox', { name: T.ko.id, exact: true });
      await expect(id).toBeEnabled();
      await id.fill('viewer01');
      await d.getByLabel(T.ko.password, { exact: true }).fill('demo1234!');
      await d.getByRole('button', { name: T.ko.signin, exact: true }).click();
      await expect.poll(async () => (await page.request.get('/api/my/profile')).status()).toBe(200);
      await page.waitForURL((u) => u.search === '?from=dialog');
    });

    test('signs up in the dialog and shows the welcome panel in place (en)', async ({ page, context }) => {
      const l = T.en;
      await useLocale(context, 'en');
      await page.goto('/?from=dialog-signup');
      await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
      const d = dialog(page);
      await expect(d.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
      const idField = d.getByRole('textbox', { name: l.id, exact: true });
      await expect(idField).toBeEnabled();
      const id = freshId('dlg');
      await idField.fill(id);
      await d.getByLabel(l.password, { exact: true }).fill('Secure12!');
      await d.getByLabel(l.confirm, { exact: true }).fill('Secure12!');
      await d.getByRole('textbox', { name: l.nickname, exact: true }).fill(`g${id.slice(-8)}`);
      await d.getByRole('checkbox', { name: l.all, exact: true }).check();
      await d.getByRole('button', { name: l.signup, exact: true }).click();
      await expect(d.getByRole('heading', { name: l.welcome })).toBeVisible();
      await expect(d.getByRole('link', { name: l.verify })).toBeVisible();
      expect((await page.request.get('/api/my/profile')).status()).toBe(200);
      await d.getByRole('button', { name: l.close, exact: true }).last().click();
      await page.waitForURL((u) => u.search === '?from=dialog-signup');
    });
  });
}

test('signing up from an adult broadcast ends in the adult-verification notice', async ({ page, context, request }) => {
  const l = T.en;
  await useLocale(context, 'en');
  const lives = (await (await request.get('/api/lives?limit=100')).json()) as { list: { loginId: string; channelId: number }[] };
  const adult = lives.list.find((x) => x.loginId === 'adult01');
  expect(adult, 'the demo adult live is listed').toBeTruthy();
  await page.goto(`/channels/${adult!.channelId}/live`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  const d = dialog(page);
  const id = freshId('adl');
  await d.getByRole('textbox', { name: l.id, exact: true }).fill(id);
  await d.getByLabel(l.password, { exact: true }).fill('Secure12!');
  await d.getByLabel(l.confirm, { exact: true }).fill('Secure12!');
  await d.getByRole('textbox', { name: l.nickname, exact: true }).fill(`a${id.slice(-8)}`);
  await d.getByRole('checkbox', { name: l.all, exact: true }).check();
  await d.getByRole('button', { name: l.signup, exact: true }).click();
  await expect(d.getByText('This broadcast can be watched only after identity verification.')).toBeVisible();
  await expect(d.getByRole('link', { name: l.verify })).toBeVisible();
});
