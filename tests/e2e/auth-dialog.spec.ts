import { expect, test, type Page } from '@playwright/test';
import { freshId, reloadedBy, T, useLocale, VIEWPORTS } from './auth-fixtures.ts';

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
      // The page loads itself again at the same address: wait for that load, not only for the URL
      // (which already matches), or the test ends mid-navigation and closing the context can hang.
      await reloadedBy(page, () => d.getByRole('button', { name: T.ko.signin, exact: true }).click());
      expect(new URL(page.url()).search).toBe('?from=dialog');
      await expect(page.getByRole('banner').getByText('시청자01님')).toBeVisible();
      expect((await page.request.get('/api/my/profile')).status()).toBe(200);
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
      await reloadedBy(page, () => d.getByRole('button', { name: l.close, exact: true }).last().click());
      expect(new URL(page.url()).search).toBe('?from=dialog-signup');
    });
  });
}

test('signing up from an adult broadcast ends in the adult-verification notice', async ({ page, context, request }) => {
  const l = T.en;
  await useLocale(context, 'en');
  const lives = (await (await request.get('/api/lives?limit=100')).json()) as {
    list: { loginId: string; channelId: number }[];
  };
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

test('a click beside the dialog closes it while it is empty, but never throws away what was typed', async ({
  page,
  context,
}) => {
  await useLocale(context, 'en');
  await page.goto('/?from=overlay');
  const open = () => page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  const beside = () => page.mouse.click(4, 4);
  await open();
  const d = dialog(page);
  await expect(d.getByRole('textbox', { name: T.en.id, exact: true })).toBeEnabled();
  await beside();
  await expect(d).toBeHidden();

  await open();
  const id = d.getByRole('textbox', { name: T.en.id, exact: true });
  await id.fill('typed1');
  await beside();
  await expect(d).toBeVisible();
  await expect(id).toHaveValue('typed1');
  // Escape still closes it: the guard is for stray clicks only.
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
});

test('the dialogs do not move their fields while later parts load or a check answers', async ({ browser }) => {
  // page.route does not see what the service worker fetches.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await useLocale(context, 'en');
  // Hold the parts that load after the dialog opens, measure, then let them in.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/(AgreementBlock|SocialButtons)\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?from=steady');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  const d = dialog(page);
  const signinId = d.getByRole('textbox', { name: T.en.id, exact: true });
  await expect(signinId).toBeEnabled();
  await expect(d.locator('.auth-social button')).toHaveCount(0);
  const before = (await signinId.boundingBox())!.y;
  release();
  await expect(d.locator('.auth-social button').first()).toBeVisible();
  expect((await signinId.boundingBox())!.y).toBe(before);

  // Leaving the nickname field starts a check whose answer appears under it; the agreement box the
  // user is reaching for meanwhile stays where it was.
  await d.getByRole('tab', { name: 'Sign up' }).click();
  const all = d.getByRole('checkbox', { name: T.en.all, exact: true });
  await d.getByRole('textbox', { name: T.en.nickname, exact: true }).fill(`s${freshId('st').slice(-8)}`);
  const boxBefore = (await all.boundingBox())!.y;
  await page.keyboard.press('Tab');
  await expect(d.getByText('This nickname is available.')).toBeVisible();
  expect((await all.boundingBox())!.y).toBe(boxBefore);
  await context.close();
});
