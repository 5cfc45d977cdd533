/**
 * Forms whole in the HTML, and a page that stays usable when a request fails (issue #39, points 4, 5, 8, 9):
 * - the sign-up agreement boxes are in the served HTML (no script: a screen reader in browse mode finds them);
 * - the foreigner form keeps the country chosen (calling codes repeat), the spaces inside a name, lists birth years
 *   newest first back to 100 years, and in development shows the SMS simulator's code beside the field;
 * - the development payment and card windows speak the page's language;
 * - a 503 leaves the form as typed with a retry, a payment click stays on the shop, and the chat reconnects on its
 *   own once the server answers.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshId, LOCALES, T, useLocale, VIEWPORTS } from './auth-fixtures.ts';
import { channelOf, chatInput } from './channel-fixtures.ts';

const main = (page: Page) => page.getByRole('main');

// The site's service worker would fetch past page.route: the failures below must reach the page as the network's.
test.use({ serviceWorkers: 'block' });

const X = {
  ko: {
    devSms: '개발용 SMS 시뮬레이터',
    payTitle: '결제창 (개발용)',
    pay: '결제하기',
    close: '창 닫기',
    cardTitle: '카드 등록 (개발용)',
    registerCard: '카드 등록하기',
    badge: '개발용 시뮬레이터 · 실제 기관과 연결되지 않습니다',
    countriesFailed: '국가 목록을 불러오지 못했습니다.',
    retry: '다시 시도',
    us: '미국 (+1)',
    uk: '영국 (+44)',
    chatInput: '채팅 입력',
    connected: '채팅 연결됨',
    unavailable: '서비스를 잠시 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    shopPay: '결제하기',
    method: '결제 수단',
    product: /^100 러브/,
  },
  en: {
    devSms: 'Development SMS simulator',
    payTitle: 'Payment window (development)',
    pay: 'Pay',
    close: 'Close the window',
    cardTitle: 'Card registration (development)',
    registerCard: 'Register the card',
    badge: 'Development simulator · no real provider is involved',
    countriesFailed: 'The country list could not be loaded.',
    retry: 'Try again',
    us: 'United States (+1)',
    uk: 'United Kingdom (+44)',
    chatInput: 'Chat message',
    connected: 'Chat connected',
    unavailable: 'The service is unavailable for a moment. Please try again shortly.',
    shopPay: 'Pay',
    method: 'Payment method',
    product: /^100 luv/i,
  },
} as const;

/** A member signed up just now, signed in on `page` (no other spec's purchases, subscriptions or mutes). */
async function newMember(page: Page, prefix: string): Promise<void> {
  const loginId = freshId(prefix);
  const res = await page.request.post('/api/auth/signup', {
    data: {
      loginId,
      password: 'Secure12!',
      passwordConfirm: 'Secure12!',
      nickname: `${prefix}${loginId.slice(-7)}`,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  expect(res.status(), `sign-up of ${loginId}`).toBe(201);
}

/** A 503 as the edge answers it when no API process does. */
const UNAVAILABLE = (locale: 'ko' | 'en') => ({
  status: 503,
  json: { error: 'upstream_unavailable', error_msg: X[locale].unavailable },
});

for (const locale of LOCALES) {
  const l = T[locale];
  const x = X[locale];
  for (const vp of ['desktop', 'mobile'] as const) {
    test.describe(`${locale}, ${vp}`, () => {
      test.use({ viewport: VIEWPORTS[vp] });

      test('the served sign-up page holds its agreement boxes, no script needed', async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS[vp] });
        await useLocale(context, locale);
        const page = await context.newPage();
        await page.goto('/signup');
        const f = main(page);
        for (const name of [l.all, l.terms, l.privacy, l.marketing])
          await expect(f.getByRole('checkbox', { name, exact: true }), name).toHaveCount(1);
        await expect(
          f.getByRole('group', { name: locale === 'ko' ? '약관 동의' : 'Agreements', exact: true }),
        ).toHaveCount(1);
        await expect(f.getByRole('button', { name: l.signup, exact: true })).toHaveCount(1);
        await context.close();
      });

      test('the find page keeps its form when the country list fails once, and offers it again', async ({ page }) => {
        await useLocale(page.context(), locale);
        let failures = 0;
        await page.route('**/api/guest/countries**', (route) =>
          failures++ === 0 ? route.fulfill(UNAVAILABLE(locale)) : route.continue(),
        );
        await page.goto('/find');
        const f = main(page);
        const retry = f.getByRole('button', { name: x.retry, exact: true });
        await expect(f.getByRole('alert').filter({ hasText: x.countriesFailed })).toBeVisible();
        // Still the find page, its form there and usable.
        expect(new URL(page.url()).pathname).toMatch(/^\/find\/?$/);
        const phone = f.getByRole('textbox', { name: l.phone, exact: true });
        await phone.fill('01012345678');
        await retry.click();
        const select = f.getByRole('combobox', { name: l.countryCode, exact: true });
        await expect(select).toHaveValue('KR');
        await expect(f.getByRole('alert').filter({ hasText: x.countriesFailed })).toHaveCount(0);
        await expect(phone).toHaveValue('01012345678');
      });
    });
  }
}

for (const { locale, vp } of [
  { locale: 'ko', vp: 'desktop' },
  { locale: 'en', vp: 'mobile' },
] as const) {
  const l = T[locale];
  const x = X[locale];
  test.describe(`foreigner form, ${locale}, ${vp}`, () => {
    test.use({ viewport: VIEWPORTS[vp] });
    test.beforeEach(async ({ context }) => useLocale(context, locale));

    test('keeps the country, the spaces inside a name, lists the years; the dev SMS code beside the field', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/signup/foreigner?callbackURL=%2F');
      const f = main(page);
      await expect(f.getByRole('textbox', { name: l.id, exact: true })).toBeEnabled();

      // Each country its own option, even when calling codes repeat.
      const select = f.getByRole('combobox', { name: l.countryCode, exact: true });
      await select.selectOption({ label: x.us });
      await expect(select).toHaveValue('US');
      await expect(select.getByRole('option', { name: x.us, exact: true, selected: true })).toHaveCount(1);
      await select.selectOption({ label: x.uk });
      await expect(select).toHaveValue('GB');
      await expect(select.getByRole('option', { name: x.uk, exact: true, selected: true })).toHaveCount(1);

      // A name keeps its inner space; only its ends go, when the field is left.
      const name = f.getByRole('textbox', { name: l.name, exact: true });
      await name.pressSequentially(' John Walker ');
      await name.blur();
      await expect(name).toHaveValue('John Walker');

      // Birth years: newest first, last year down to 100 years back.
      const year = new Date().getFullYear();
      const years = (await f.getByRole('combobox', { name: l.year, exact: true }).getByRole('option').allTextContents())
        .filter((t) => /^\d{4}$/.test(t))
        .map(Number);
      expect(years[0]).toBe(year - 1);
      expect(years.at(-1)).toBe(year - 100);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      expect(years).toHaveLength(100);

      // Development: the simulator's code beside the code field, marked as such, the one the outbox holds.
      await select.selectOption('KR');
      const national = `10${String(Date.now()).slice(-8)}`;
      await f.getByRole('textbox', { name: l.phone, exact: true }).fill(`0${national}`);
      await expect(f.getByRole('note', { name: x.devSms })).toHaveCount(0);
      const captcha = f.getByRole('checkbox', { name: l.captchaLabel, exact: true });
      await captcha.click();
      await expect(captcha).toBeChecked({ timeout: 60_000 });
      await f.getByRole('button', { name: l.send, exact: true }).click();
      const note = f.getByRole('note', { name: x.devSms });
      await expect(note).toBeVisible();
      const outbox = (await (await page.request.get(`/api/dev/sms-outbox?phone=${national}`)).json()) as {
        messages: { code: string }[];
      };
      const code = outbox.messages[0]!.code;
      await expect(note).toContainText(code);
      await f.getByRole('textbox', { name: l.code, exact: true }).fill(code);
      await f.getByRole('button', { name: l.confirmBtn, exact: true }).click();
      await expect(f.getByRole('textbox', { name: l.phone, exact: true })).toBeDisabled();
      await expect(note).toHaveCount(0);

      // Sign up with the name as typed; the API keeps it (its lookups answer the member by ID).
      const id = freshId('fwn');
      await f.getByRole('textbox', { name: l.id, exact: true }).fill(id);
      await f.getByLabel(l.password, { exact: true }).fill('LongerPassword123!xyz');
      await f.getByLabel(l.confirm, { exact: true }).fill('LongerPassword123!xyz');
      await f.getByRole('textbox', { name: l.nickname, exact: true }).fill(`w${id.slice(-8)}`);
      await f.getByRole('combobox', { name: l.year, exact: true }).selectOption(String(year - 30));
      await f.getByRole('combobox', { name: l.month, exact: true }).selectOption('2');
      await f.getByRole('combobox', { name: l.day, exact: true }).selectOption('3');
      await f.getByRole('radio', { name: locale === 'ko' ? '남성' : 'Male', exact: true }).check();
      await f.getByRole('checkbox', { name: l.all, exact: true }).check();
      const signup = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/signup');
      await f.getByRole('button', { name: l.signup, exact: true }).click();
      expect(((await signup).postDataJSON() as { name: string }).name).toBe('John Walker');
      await page.waitForURL((u) => u.pathname === '/completed/signup');
    });
  });
}

test.describe('the development windows speak the page language', () => {
  for (const { locale, vp } of [
    { locale: 'ko', vp: 'mobile' },
    { locale: 'en', vp: 'desktop' },
  ] as const) {
    const x = X[locale];
    test(`${locale}, ${vp}: the payment window and the card window`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[vp] });
      await useLocale(context, locale);
      const page = await context.newPage();
      await newMember(page, 'fwd');
      await page.goto('/luv');
      await expect(page.getByTestId('luv-balance')).toHaveText(/\d/);
      await page.getByRole('radio', { name: x.product }).check();
      await page.getByRole('combobox', { name: x.method }).selectOption('kakaopay');
      await page.getByRole('button', { name: x.shopPay, exact: true }).click();
      await expect(page.getByRole('heading', { name: x.payTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByText(x.badge)).toBeVisible();
      const pay = page.getByRole('button', { name: x.pay, exact: true });
      await expect(pay).toBeVisible();
      // Styled like the site: a full-size touch target, the site's accent.
      expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await page.getByRole('button', { name: x.close, exact: true }).click();
      await expect(page).toHaveURL(/\/luv$/);

      // The card window, as the subscription dialog opens it.
      const channelId = await channelOf(page.request, 'bj0001');
      await page.goto(`/channels/${channelId}`);
      await page.getByRole('button', { name: locale === 'ko' ? '구독' : 'Subscribe', exact: true }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: locale === 'ko' ? '카드 등록하고 구독' : 'Register a card and subscribe' })
        .click();
      await expect(page.getByRole('heading', { name: x.cardTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: x.registerCard, exact: true })).toBeVisible();
      await page.getByRole('button', { name: x.close, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/channels/${channelId}`));
      await context.close();
    });
  }
});

test.describe('a failed request leaves the page usable', () => {
  for (const { locale, vp } of [
    { locale: 'ko', vp: 'desktop' },
    { locale: 'en', vp: 'mobile' },
  ] as const) {
    const l = T[locale];
    const x = X[locale];
    test.describe(`${locale}, ${vp}`, () => {
      test.use({ viewport: VIEWPORTS[vp] });
      test.beforeEach(async ({ context }) => useLocale(context, locale));

      test('a payment click that meets a 503 stays on the shop; the next click opens the window', async ({ page }) => {
        await newMember(page, 'fwp');
        let failures = 0;
        await page.route('**/api/shoppings/luv/payments', (route) =>
          route.request().method() === 'POST' && failures++ === 0
            ? route.fulfill(UNAVAILABLE(locale))
            : route.continue(),
        );
        await page.goto('/luv');
        await expect(page.getByTestId('luv-balance')).toHaveText(/\d/);
        await page.getByRole('radio', { name: x.product }).check();
        await page.getByRole('combobox', { name: x.method }).selectOption('kakaopay');
        await page.getByRole('button', { name: x.shopPay, exact: true }).click();
        await expect(page.getByText(x.unavailable)).toBeVisible();
        await expect(page).toHaveURL(/\/luv$/);
        // The choice made stays; pressing again is the retry.
        await expect(page.getByRole('radio', { name: x.product })).toBeChecked();
        await page.getByRole('button', { name: x.shopPay, exact: true }).click();
        await expect(page.getByRole('heading', { name: x.payTitle })).toBeVisible();
        await page.getByRole('button', { name: x.close, exact: true }).click();
        await expect(page).toHaveURL(/\/luv$/);
      });

      test('the foreigner form keeps what was typed when the country list fails once', async ({ page }) => {
        let failures = 0;
        await page.route('**/api/guest/countries**', (route) =>
          failures++ === 0 ? route.fulfill(UNAVAILABLE(locale)) : route.continue(),
        );
        await page.goto('/signup/foreigner');
        const f = main(page);
        await expect(f.getByRole('alert').filter({ hasText: x.countriesFailed })).toBeVisible();
        const id = f.getByRole('textbox', { name: l.id, exact: true });
        await id.fill('typedbefore1');
        await f.getByRole('button', { name: x.retry, exact: true }).click();
        await expect(f.getByRole('combobox', { name: l.countryCode, exact: true }).getByRole('option')).not.toHaveCount(
          0,
        );
        await expect(id).toHaveValue('typedbefore1');
        expect(new URL(page.url()).pathname).toMatch(/^\/signup\/foreigner\/?$/);
      });

      test('the chat reconnects on its own once the server answers again, without a reload', async ({ page }) => {
        await newMember(page, 'fwc');
        // The server does not answer at first: the chat ticket meets a 503, twice.
        let ticketCalls = 0;
        await page.route('**/api/chat/ticket', (route) =>
          ticketCalls++ < 2 ? route.fulfill(UNAVAILABLE(locale)) : route.continue(),
        );
        const channelId = await channelOf(page.request, 'bj0001');
        await page.goto(`/channels/${channelId}/live`);
        const documents: string[] = [];
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) documents.push(frame.url());
        });
        await expect(page.getByText(x.connected, { exact: true })).toBeVisible({ timeout: 25_000 });
        await expect(
          locale === 'ko' ? chatInput(page) : page.getByRole('textbox', { name: x.chatInput }),
        ).toBeEnabled();
        expect(ticketCalls, 'the ticket was asked again after its 503s').toBeGreaterThan(2);
        expect(documents, 'no reload, no trip to the maintenance page').toEqual([]);
      });
    });
  }
});
