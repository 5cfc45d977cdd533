import {
  account,
  expect,
  expectNoSeriousAxeViolations,
  returnToTab,
  revokeSessionBehindTheBrowser,
  SHELL_VIEWPORTS,
  signInByApi,
  test,
} from './shell-fixtures.ts';
import type { Page } from '@playwright/test';
import { channelOf } from './channel-fixtures.ts';

const KO = {
  membersTitle: '회원 전용',
  membersText: '로그인 후 이용가능합니다.',
  membersSignin: '로그인 하기',
  membersSignup: '10초 간편회원가입',
  expired: '세션이 만료되었습니다. 다시 로그인 후 이용가능합니다.',
  cancel: '취소',
  ok: '확인',
  alertTitle: '안내',
};
const EN = {
  membersTitle: 'Members only',
  membersText: 'Available after you sign in.',
  membersSignin: 'Sign in',
  membersSignup: '10-second sign-up',
};

for (const [name, viewport] of Object.entries(SHELL_VIEWPORTS)) {
  test.describe(`shell, ${name}`, () => {
    test.use({ viewport });

    test('home: header, footer, SEO tags, no serious axe violation', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'FLX TV 로고' })).toHaveAttribute('href', '/');
      // The brand's logo is markup of the page itself (src/lib/brand-logo.ts): no image to fetch or to
      // build, drawn at the header's height in the file's proportions (160 × 40).
      const logo = page.getByRole('img', { name: 'FLX TV 로고' });
      expect(await logo.evaluate((el) => el.tagName)).toBe('svg');
      const box = (await logo.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(32);
      expect(box.width / box.height).toBeCloseTo(4, 1);
      await expect(logo.locator('text')).toHaveText('FLX TV');
      await expect(account(page).getByRole('link', { name: '로그인', exact: true })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: '개인정보처리방침' })).toHaveAttribute(
        'href',
        '/static/privacy-rules',
      );
      await expect(footer.getByRole('link', { name: '서비스 이용약관' })).toHaveAttribute(
        'href',
        '/static/service-rules',
      );
      await expect(footer.getByRole('link', { name: 'Google Play에서 받기' })).toBeVisible();
      await expect(footer.getByText('(주)플렉스미디어')).toBeVisible();
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', 'https://www.flxtv.example/');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', '홈');
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
      await expectNoSeriousAxeViolations(page);
    });

    test('a partner brand hides the features it does not offer', async ({ page, baseURL }) => {
      await page.goto(baseURL!.replace('localhost', 'onion.localhost') + '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: '개인정보처리방침' })).toBeVisible();
      await expect(footer.getByRole('navigation', { name: '앱 다운로드' })).toHaveCount(0);
      await expect(footer.getByText('(주)어니언코믹스')).toBeVisible();
    });

    test('invalid-access and 404 pages', async ({ page }) => {
      await page.goto('/invalid-access');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('잘못된 접근입니다.');
      await expectNoSeriousAxeViolations(page);
      const res = await page.goto('/nothing-here');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');
      await expectNoSeriousAxeViolations(page);
    });

    test('offline page ships no script', async ({ page }) => {
      await page.goto('/offline');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('오프라인 상태입니다');
      await expect(page.locator('script')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });

    test('locale switch to English and back, kept by the cookie', async ({ page }) => {
      await page.goto('/invalid-access');
      // Language and theme are under the header's menu (a popover: it opens before any script).
      await page.getByRole('banner').getByRole('button', { name: '더보기' }).click();
      await page.getByRole('menu', { name: '더보기' }).getByRole('menuitemradio', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid access.');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(account(page).getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
      await page.getByRole('menu', { name: 'More' }).getByRole('menuitemradio', { name: '한국어' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    });

    test('theme DARK or BLUE, kept across pages', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'BLUE');
      await page.getByRole('banner').getByRole('button', { name: '더보기' }).click();
      await page.getByRole('menu', { name: '더보기' }).getByRole('menuitemradio', { name: '다크' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      await page.goto('/invalid-access');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'DARK');
      await expectNoSeriousAxeViolations(page);
    });

    test('members-only: a guest on /my sees the dialog; its buttons open sign-in and sign-up with the path', async ({
      page,
    }) => {
      await page.goto('/my/items?tab=1');
      const dialog = page.getByRole('dialog', { name: KO.membersTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(KO.membersText);
      expect((await dialog.boundingBox())!.width).toBe(276);
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: KO.membersSignin }).click();
      const auth = page.getByRole('dialog', { name: '로그인' });
      await expect(auth).toBeVisible();
      await expect(auth).toHaveAttribute('data-callback-url', '/my/items?tab=1');
      await expect(auth.getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
      await expect(auth.getByRole('textbox').first()).toBeVisible();
      await auth.getByRole('button', { name: '닫기' }).click();
      await expect(auth).toBeHidden();

      await page.goto('/my');
      // Member pages are never indexed.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await page.getByRole('dialog', { name: KO.membersTitle }).getByRole('button', { name: KO.membersSignup }).click();
      const signup = page.getByRole('dialog', { name: '회원가입' });
      await expect(signup.getByRole('tab', { name: '회원가입' })).toHaveAttribute('aria-selected', 'true');
      await expect(signup).toHaveAttribute('data-callback-url', '/my');
    });

    test('members-only dialog in English', async ({ page }) => {
      await page.goto('/my?locale=en');
      const dialog = page.getByRole('dialog', { name: EN.membersTitle });
      await expect(dialog).toContainText(EN.membersText);
      await expect(dialog.getByRole('button', { name: EN.membersSignin })).toBeVisible();
      await expect(dialog.getByRole('button', { name: EN.membersSignup })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the header opens the login dialog; Escape closes it', async ({ page }) => {
      await page.goto('/invalid-access');
      await account(page).getByRole('link', { name: '회원가입', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '회원가입' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('data-callback-url', '/invalid-access');
      await dialog.getByRole('tab', { name: '로그인' }).click();
      await expect(page.getByRole('dialog', { name: '로그인' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('focus moves into a dialog and returns to the control that opened it', async ({ page }) => {
      await page.goto('/invalid-access');
      const opener = account(page).getByRole('link', { name: '로그인', exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: '로그인' });
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('the partner code of a signed-out visitor is kept as pcode', async ({ page }) => {
      await page.goto('/invalid-access?partnerCode=ONION01');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('pcode'))).toBe('ONION01');
    });

    test('channel settings are fetched once, kept while the dialog reopens, refetched on an update event', async ({
      page,
    }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/guest/channel-settings') calls.push(r.method());
      });
      await page.goto('/invalid-access');
      await account(page).getByRole('link', { name: '로그인', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '로그인' });
      await expect(dialog.getByRole('textbox').first()).toBeVisible();
      await expect.poll(() => calls.length).toBe(1);
      await dialog.getByRole('button', { name: '닫기' }).click();
      await account(page).getByRole('link', { name: '로그인', exact: true }).click();
      await expect(dialog.getByRole('textbox').first()).toBeVisible();
      const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/guest/channel-settings');
      await page.evaluate(() => window.dispatchEvent(new Event('flx:channeling-setting-update')));
      await refetched;
      expect(calls).toEqual(['GET', 'GET']);
    });

    test('signed in: the header shows the member; sign-out shows a toast at top-right', async ({ page }) => {
      await signInByApi(page);
      await page.goto('/');
      await expect(account(page)).toContainText('시청자01님');
      // On a phone sign-out sits in the account menu.
      if (page.viewportSize()!.width < 768) await account(page).getByRole('button', { name: '메뉴' }).click();
      await account(page).getByRole('button', { name: '로그아웃' }).click();
      const toast = page.getByText('로그아웃되었습니다.');
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.x + box.width).toBeGreaterThan(width * 0.6);
      expect(box.y).toBeLessThan(200);
      await expect(account(page).getByRole('link', { name: '로그인', exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    test('session revoked mid-visit ends in the session-expired dialog; 확인 opens sign-in', async ({
      page,
      context,
    }) => {
      await signInByApi(page);
      await page.goto('/invalid-access');
      await expect(account(page)).toContainText('시청자01님');
      await revokeSessionBehindTheBrowser(context, page);
      await returnToTab(page);
      const dialog = page.getByRole('alertdialog', { name: KO.alertTitle });
      await expect(dialog).toContainText(KO.expired);
      expect((await dialog.boundingBox())!.width).toBe(276);
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: KO.ok }).click();
      await expect(page.getByRole('dialog', { name: '로그인' })).toBeVisible();
      await expect(account(page).getByRole('link', { name: '로그인', exact: true })).toBeVisible();
    });

    test('session-expired dialog in English', async ({ page, context }) => {
      await signInByApi(page);
      await page.goto('/invalid-access?locale=en');
      await expect(account(page)).toContainText('시청자01');
      await revokeSessionBehindTheBrowser(context, page);
      await returnToTab(page);
      const dialog = page.getByRole('alertdialog', { name: 'Notice' });
      await expect(dialog).toContainText('Your session has expired. Please sign in again to continue.');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    });

    test('session-expired: 취소 reloads the page', async ({ page, context }) => {
      await signInByApi(page);
      await page.goto('/invalid-access');
      await expect(account(page)).toContainText('시청자01님');
      await revokeSessionBehindTheBrowser(context, page);
      await returnToTab(page);
      const dialog = page.getByRole('alertdialog', { name: KO.alertTitle });
      await expect(dialog).toContainText(KO.expired);
      await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: KO.cancel }).click()]);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(account(page).getByRole('link', { name: '로그인', exact: true })).toBeVisible();
    });

    test('session-expired: a click on the overlay reloads the page', async ({ page, context }) => {
      await signInByApi(page);
      await page.goto('/invalid-access');
      await expect(account(page)).toContainText('시청자01님');
      await revokeSessionBehindTheBrowser(context, page);
      await returnToTab(page);
      await expect(page.getByRole('alertdialog', { name: KO.alertTitle })).toContainText(KO.expired);
      await Promise.all([page.waitForEvent('load'), page.mouse.click(4, 4)]);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });

    test('progress bar (#29d, 2px) starts on a link click to another page', async ({ page }) => {
      await page.goto('/invalid-access');
      await expect(page.locator('#flx-progress')).toHaveAttribute('data-state', 'idle');
      // Record what the bar does on the old page; session storage survives the navigation.
      await page.evaluate(() => {
        const bar = document.getElementById('flx-progress')!;
        new MutationObserver(() => {
          const s = getComputedStyle(bar);
          sessionStorage.setItem(
            'bar-log',
            JSON.stringify({ state: bar.dataset.state, color: s.backgroundColor, height: s.height }),
          );
        }).observe(bar, { attributes: true, attributeFilter: ['data-state'] });
      });
      await page.getByRole('link', { name: 'FLX TV 로고' }).click();
      await expect(page).toHaveURL(/\/$/);
      const log = await page.evaluate(() => JSON.parse(sessionStorage.getItem('bar-log') ?? 'null'));
      expect(log).toEqual({ state: 'loading', color: 'rgb(34, 153, 221)', height: '2px' });
      await expect(page.locator('#flx-progress')).toHaveAttribute('data-state', 'idle');
    });

    test('progress bar runs while an API request is under way', async ({ page }) => {
      await signInByApi(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/my/profile', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/invalid-access');
      await expect(page.locator('#flx-progress')).toHaveAttribute('data-state', 'loading');
      release();
      await expect(account(page)).toContainText('시청자01님');
      await expect(page.locator('#flx-progress')).toHaveAttribute('data-state', 'idle');
    });

    // The real API never answers these; an upstream the operator plugs in may. A real session
    // makes the page ask for the profile; the test answers that one call, the rest is real.
    test('an API answer with a message and no code shows the alert (안내 / 확인)', async ({ page }) => {
      await signInByApi(page);
      await page.route('**/api/my/profile', (route) =>
        route.fulfill({ status: 400, json: { error_msg: '잠시 후 다시 시도해 주세요.' } }),
      );
      await page.goto('/invalid-access');
      const alert = page.getByRole('alertdialog', { name: KO.alertTitle });
      await expect(alert).toContainText('잠시 후 다시 시도해 주세요.');
      expect((await alert.boundingBox())!.width).toBe(276);
      await expectNoSeriousAxeViolations(page);
      await alert.getByRole('button', { name: KO.ok }).click();
      await expect(alert).toBeHidden();
    });

    test('inside the app webview the alert is native and the web chrome is hidden, across pages', async ({ page }) => {
      await page.goto('/invalid-access?app=ios');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ios');
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await signInByApi(page);
      await page.route('**/api/my/profile', (route) => route.fulfill({ status: 400, json: { error_msg: '앱 알림' } }));
      // A native alert blocks the page until answered: answer it as it opens.
      const native = new Promise<{ type: string; message: string }>((resolve) => {
        page.once('dialog', (d) => {
          resolve({ type: d.type(), message: d.message() });
          void d.accept();
        });
      });
      await page.goto('/');
      expect(await native).toEqual({ type: 'alert', message: '앱 알림' });
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ios');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });

    test('503 from the API sends the browser to the maintenance page when the service is down', async ({ page }) => {
      await signInByApi(page);
      await page.route('**/api/my/profile', (route) =>
        route.fulfill({ status: 503, json: { error: 'maintenance', error_msg: '' } }),
      );
      // The site asks the service's status before leaving the page (a 503 while it is up leaves the page usable).
      await page.route('**/api/service/status', (route) =>
        route.fulfill({ status: 503, json: { status: 'maintenance' } }),
      );
      const toMaintenance = page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/notices/maintenance' && r.isNavigationRequest(),
      );
      await page.goto('/invalid-access');
      await toMaintenance;
      // The page goes on navigating: a handler still running must not hold the context's teardown (it did once).
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });
}

test.describe('the header on a phone (375 px, Korean fonts)', () => {
  test.use({ viewport: SHELL_VIEWPORTS['mobile 375px'] });
  const headerHeight = (page: Page) => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height);

  test('one row, the same height before and after hydration, for a guest and a member', async ({ browser, page }) => {
    // The prebuilt page as it arrives, before any script runs.
    const bare = await browser.newContext({ viewport: SHELL_VIEWPORTS['mobile 375px'], javaScriptEnabled: false });
    const before = await bare.newPage();
    await before.goto(`${test.info().project.use.baseURL}/`);
    const prebuilt = await headerHeight(before);
    await bare.close();
    expect(prebuilt).toBeLessThanOrEqual(64);

    await page.goto('/');
    await expect(account(page).getByRole('link', { name: '로그인', exact: true })).toBeVisible();
    expect(await headerHeight(page)).toBe(prebuilt);
    await signInByApi(page);
    await page.goto('/');
    await expect(account(page)).toContainText('시청자01님');
    expect(await headerHeight(page)).toBe(prebuilt);
  });

  for (const [locale, t] of [
    ['ko', { nickname: '시청자01님', menu: '메뉴', my: '마이페이지', messages: /^쪽지함/, logout: '로그아웃' }],
    ['en', { nickname: '시청자01', menu: 'Menu', my: 'My page', messages: /^Messages/, logout: 'Sign out' }],
  ] as const) {
    test(`a member's header fits the phone, nickname visible, actions in the menu (${locale})`, async ({ page }) => {
      await signInByApi(page);
      await page.goto(`/?locale=${locale}`);
      const name = account(page).getByText(t.nickname, { exact: true });
      await expect(name).toBeVisible();
      const box = (await name.boundingBox())!;
      expect(box.width).toBeGreaterThan(40);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await account(page).getByRole('button', { name: t.menu }).click();
      for (const item of [
        account(page).getByRole('link', { name: t.my }),
        account(page).getByRole('link', { name: t.messages }),
        account(page).getByRole('button', { name: t.logout }),
      ]) {
        await expect(item).toBeInViewport({ ratio: 1 });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.keyboard.press('Escape');
      await expect(account(page).getByRole('button', { name: t.logout })).toBeHidden();
      await expect(account(page).getByRole('button', { name: t.menu })).toBeFocused();
    });
  }

  test('Korean labels break between words, never inside one', async ({ page }) => {
    await page.goto('/cs');
    const tab = page.getByRole('tab', { name: '공지사항' });
    await expect(tab).toBeVisible();
    // One line box for the one word: "공지사/항" would be two.
    const lines = await tab.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });
});

test.describe('the page mode at the first paint', () => {
  // Written into the head of every page with scripts (src/lib/page-mode.ts): the first paint
  // already has the stored theme and the app mode. Before, the shell's module script set them after
  // parsing, 35-240 ms after the first paint: a dark theme's visitor saw the page light first.
  const pages: [string, (page: Page) => Promise<string>][] = [
    ['home', async () => '/'],
    ['sign-in', async () => '/signin'],
    ['live page', async (page) => `/channels/${await channelOf(page.request, 'bj0001')}/live`],
    ['chat dock', async (page) => `/popup/chat/${await channelOf(page.request, 'bj0001')}`],
  ];
  for (const [name, path] of pages)
    test(`${name}: a stored dark theme and ?app=embedded are on <html> before the first paint`, async ({ page }) => {
      await page.addInitScript(() => {
        localStorage.setItem('flx_theme', 'DARK');
        const w = window as unknown as { __modeAt?: number };
        new MutationObserver(() => {
          const root = document.documentElement;
          if (root.dataset.theme === 'DARK' && root.dataset.app === 'embedded') w.__modeAt ??= performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-theme', 'data-app'] });
      });
      await page.goto(`${await path(page)}?app=embedded`);
      const paintAt = () => page.evaluate(() => performance.getEntriesByName('first-paint')[0]?.startTime ?? null);
      await expect.poll(paintAt).not.toBeNull();
      const modeAt = await page.evaluate(() => (window as unknown as { __modeAt?: number }).__modeAt ?? null);
      expect(modeAt, 'the mode was set').not.toBeNull();
      expect(modeAt!).toBeLessThan((await paintAt())!);
      // And the session keeps the app mode for the next page, as the shell reads it.
      expect(await page.evaluate(() => sessionStorage.getItem('flx_app'))).toBe('embedded');
    });
});
