/**
 * The phone live page and header (issue #39 point 3) at 375 px, Korean and English: the video stays
 * pinned at the top while the chat scrolls and its input has focus; the channel's actions in one row
 * of 44 px targets, the player's buttons and volume slider too; the header in one row, its language
 * and theme under a menu that works by keyboard; a theme chosen before the page's scripts ran takes
 * effect; the live page and the chat dock pass axe's color-contrast rule in DARK and BLUE.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contextIn } from './broadcast-fixtures.ts';
import { channelOf, signIn } from './channel-fixtures.ts';

const PHONE = { width: 375, height: 740 };
const T = {
  ko: {
    more: '더보기',
    other: 'English',
    otherLang: 'en',
    dark: '다크',
    blue: '블루',
    connected: '채팅 연결됨',
    input: '채팅 입력',
    list: '채팅 메시지',
    video: '방송 영상',
    controls: '플레이어 조작',
    volume: '음량',
    actions: [/^구독/, /좋아요/, /팔로우|팔로잉/, /^선물하기$/],
  },
  en: {
    more: 'More',
    other: '한국어',
    otherLang: 'ko',
    dark: 'Dark',
    blue: 'Blue',
    connected: 'Chat connected',
    input: 'Chat message',
    list: 'Chat messages',
    video: 'Broadcast video',
    controls: 'Player controls',
    volume: 'Volume',
    actions: [/^Subscribe/, /Like/, /Follow/, /^Send a gift$/],
  },
} as const;
type Locale = keyof typeof T;

async function phone(browser: Browser, locale: Locale, theme?: 'DARK' | 'BLUE') {
  const { context, page } = await contextIn(browser, locale);
  await page.setViewportSize(PHONE);
  if (theme) await context.addInitScript((t) => localStorage.setItem('flx_theme', t), theme);
  return { context, page };
}

async function openLivePage(page: Page, locale: Locale) {
  await page.goto(`/channels/${await channelOf(page.request, 'bj0001')}/live`);
  await expect(page.getByText(T[locale].connected)).toBeVisible({ timeout: 20_000 });
}

const box = async (page: Page, name: string) => (await page.getByLabel(name, { exact: true }).boundingBox())!;

for (const locale of ['ko', 'en'] as const) {
  const t = T[locale];
  test.describe(`${locale}, 375 px`, () => {
    test('the video stays at the top while the chat scrolls and its input has focus', async ({ browser }) => {
      const { context, page } = await phone(browser, locale);
      await signIn(page.request, 'viewer01');
      await openLivePage(page, locale);
      const video = page.getByLabel(t.video, { exact: true });
      await expect(video).toBeVisible();
      // Scroll over the chat, then the page, then type: the video is pinned at the viewport's top.
      const list = page.getByRole('list', { name: t.list });
      await list.hover();
      await page.mouse.wheel(0, 300);
      await page.mouse.wheel(0, 600);
      const input = page.getByRole('textbox', { name: t.input });
      await input.click();
      await expect(input).toBeFocused();
      await input.pressSequentially('hi');
      await expect(input).toBeInViewport({ ratio: 1 });
      await expect(video).toBeInViewport({ ratio: 1 });
      await expect.poll(async () => Math.round((await box(page, t.video)).y)).toBe(0);
      const v = await box(page, t.video);
      expect(v.width).toBeGreaterThan(300);
      // The input is not under the video: below its bottom, inside the viewport.
      const i = (await input.boundingBox())!;
      expect(i.y).toBeGreaterThanOrEqual(v.y + v.height);
      expect(i.y + i.height).toBeLessThanOrEqual(PHONE.height);
      // No sideways scroll on the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await context.close();
    });

    test("the channel's actions in one row and the player's controls are 44 px targets", async ({ browser }) => {
      const { context, page } = await phone(browser, locale);
      await openLivePage(page, locale);
      const main = page.getByRole('main');
      const tops: number[] = [];
      for (const name of t.actions) {
        const button = main.getByRole('button', { name }).first();
        await expect(button).toBeVisible();
        const b = (await button.boundingBox())!;
        expect(b.height, String(name)).toBeGreaterThanOrEqual(44);
        expect(b.x + b.width, String(name)).toBeLessThanOrEqual(PHONE.width);
        tops.push(b.y);
      }
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
      const controls = page.getByRole('group', { name: t.controls });
      const buttons = controls.getByRole('button');
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const b of await buttons.all()) {
        if (!(await b.isVisible())) continue;
        const r = (await b.boundingBox())!;
        expect(r.height).toBeGreaterThanOrEqual(44);
        expect(r.width).toBeGreaterThanOrEqual(44);
      }
      const volume = controls.getByRole('slider', { name: t.volume });
      if (await volume.isVisible()) expect((await volume.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await context.close();
    });

    test('the header is one row, for a guest and a member; its menu works by keyboard', async ({ browser }) => {
      const { context, page } = await phone(browser, locale);
      const banner = page.getByRole('banner');
      const height = () => banner.evaluate((el) => el.getBoundingClientRect().height);
      await page.goto('/');
      await expect(page.getByRole('searchbox')).toBeVisible();
      expect(await height()).toBeLessThanOrEqual(64);
      await openLivePage(page, locale);
      expect(await height()).toBeLessThanOrEqual(64);
      await signIn(page.request, 'viewer01');
      await page.goto('/');
      await expect(banner.getByRole('button', { name: locale === 'ko' ? '메뉴' : 'Menu' })).toBeVisible();
      expect(await height()).toBeLessThanOrEqual(64);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // By keyboard: Enter opens the menu on the checked language; End goes to the last item (dark).
      const more = banner.getByRole('button', { name: t.more });
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: t.more });
      await expect(menu).toBeVisible();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('menuitemradio', { name: locale === 'ko' ? '한국어' : 'English' })).toBeFocused();
      await page.keyboard.press('End');
      const dark = menu.getByRole('menuitemradio', { name: t.dark });
      await expect(dark).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      // Escape closes it back onto its button; the theme item shows as checked.
      await page.keyboard.press('ArrowDown');
      await expect(menu).toBeVisible();
      await expect(dark).toHaveAttribute('aria-checked', 'true');
      await expect(menu.getByRole('menuitemradio', { name: t.blue })).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
      // The other language, by keys: from the checked one (한국어, then English), Enter.
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitemradio', { name: locale === 'ko' ? '한국어' : 'English' })).toBeFocused();
      await page.keyboard.press(locale === 'ko' ? 'ArrowDown' : 'ArrowUp');
      await expect(menu.getByRole('menuitemradio', { name: t.other })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('html')).toHaveAttribute('lang', t.otherLang);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      await context.close();
    });

    test('a theme chosen before the page has run its scripts takes effect', async ({ browser }) => {
      const { context, page } = await phone(browser, locale);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = 0;
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        held += 1;
        await gate;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      const more = page.getByRole('banner').getByRole('button', { name: t.more });
      await more.click();
      await page.getByRole('menuitemradio', { name: t.dark }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      // The page's module scripts were still held when the theme was chosen.
      expect(held).toBeGreaterThan(0);
      release();
      await page.waitForLoadState('load');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      expect(await page.evaluate(() => localStorage.getItem('flx_theme'))).toBe('DARK');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      await context.close();
    });

    for (const theme of ['DARK', 'BLUE'] as const) {
      test(`${theme}: the live page and the chat dock pass axe's color-contrast`, async ({ browser }) => {
        const { context, page } = await phone(browser, locale, theme);
        await openLivePage(page, locale);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const onLive = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        expect(
          onLive.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)),
        ).toEqual([]);
        await page.goto(`/popup/chat/${await channelOf(page.request, 'bj0001')}`);
        await expect(page.getByText(t.connected)).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const onDock = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        expect(
          onDock.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)),
        ).toEqual([]);
        await context.close();
      });
    }
  });
}
