/**
 * Brand variants end to end (docs/BRANDS.md): every brand × `features` flag, as a visitor of that
 * brand's host meets it in Korean and English: the page is there or the brand's 404, the sitemap
 * lists it or not, the header, footer, sign-up dialog and member pages draw its links or not, and
 * the API answers 403 with the translated catalogue text where the brand lacks the feature.
 */
import { expect, test, type Page } from '@playwright/test';
import { BRANDS, type Brand } from '../../domain/brands.ts';
import { FEATURE_PAGES, FEATURES, offers, type Feature } from '../../domain/brand-features.ts';
import { PAGE } from '../../domain/routes.ts';
import { PORT } from './auth-fixtures.ts';
import { PASSWORD } from './channel-fixtures.ts';
import { pageFetch } from './brand-fixtures.ts';

const origin = (brand: Brand) => `http://${brand.id}.localhost:${PORT}`;

const W = {
  ko: {
    unavailable: '이 서비스에서는 제공하지 않는 기능입니다.',
    shop: (currency: string) => `${currency} 충전`,
    cs: '고객센터',
    stores: '앱 다운로드',
    signup: '회원가입',
    foreigner: '외국인 회원가입',
    foreignerTab: '외국인',
    subscriptions: '구독 관리',
    withdraw: (currency: string) => `${currency} 출금`,
    links: '바로가기',
    luvMenu: (currency: string) => `${currency} 메뉴`,
    exchange: (currency: string) => `${currency} 교환 이벤트`,
  },
  en: {
    unavailable: 'This feature is not offered on this service.',
    shop: (currency: string) => `Buy ${currency}`,
    cs: 'Customer service',
    stores: 'Get the app',
    signup: 'Sign up',
    foreigner: 'Sign up (foreigners)',
    foreignerTab: 'Foreigners',
    subscriptions: 'Subscriptions',
    withdraw: (currency: string) => `Withdraw ${currency}`,
    links: 'Go to',
    luvMenu: (currency: string) => `${currency} menu`,
    exchange: (currency: string) => `The ${currency} exchange event`,
  },
} as const;

/** One call per feature, as a guest: the feature's check comes before sign-in and input. */
const API_PROBES: Record<
  Exclude<Feature, 'storeLinks' | 'identityReward'>,
  { method: 'GET' | 'POST'; path: string; data?: unknown }
> = {
  shop: { method: 'GET', path: '/api/shoppings/luv/products' },
  withdraw: { method: 'POST', path: '/api/my/luv/withdraw', data: { amount: 1000 } },
  foreignerSignup: {
    method: 'POST',
    path: '/v2/api/auth/signup/send-phone-verification',
    data: { countryCode: '1', phone: '2025550199', captchaToken: 'x' },
  },
  customerService: { method: 'GET', path: '/v2/api/cs/inquiry-list' },
  subscriptions: { method: 'GET', path: '/api/my/subscriptions' },
  exchangeEvent: { method: 'GET', path: '/api/my/luv/exchange/rate' },
};

/** The probe of `feature`, from a page of the brand (the brand is the page's host; the request is same-origin). */
function probe(page: Page, feature: keyof typeof API_PROBES, locale: 'ko' | 'en') {
  const { method, path, data } = API_PROBES[feature];
  return pageFetch(page, path, { method, headers: { 'accept-language': locale }, json: data });
}

for (const locale of ['ko', 'en'] as const) {
  const w = W[locale];

  test(`${locale}: every brand × flag: built pages, sitemap, header and footer links, API answers`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const brand of BRANDS) {
      const currency = brand.currency.shop[locale];
      await page.goto(`${origin(brand)}/?locale=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('data-brand', brand.id);
      const nav = page.getByRole('banner').getByRole('navigation');
      await expect(nav.getByRole('link', { name: w.shop(currency), exact: true }), `${brand.id} shop link`).toHaveCount(
        offers(brand, 'shop') ? 1 : 0,
      );
      await expect(nav.getByRole('link', { name: w.cs, exact: true }), `${brand.id} cs link`).toHaveCount(
        offers(brand, 'customerService') ? 1 : 0,
      );
      const storeLinks = offers(brand, 'storeLinks') && Boolean(brand.storeLinks.android || brand.storeLinks.ios);
      await expect(
        page.getByRole('contentinfo').getByRole('navigation', { name: w.stores }),
        `${brand.id} store links`,
      ).toHaveCount(storeLinks ? 1 : 0);

      const sitemap = (await pageFetch(page, '/sitemap.xml')).text;
      for (const feature of FEATURES) {
        for (const path of FEATURE_PAGES[feature]) {
          const res = await pageFetch(page, path);
          expect(res.status, `${brand.id} ${path}`).toBe(offers(brand, feature) ? 200 : 404);
          if (path === PAGE.signupForeigner || path === PAGE.luvShop || path === PAGE.cs)
            expect(sitemap.includes(`<loc>${brand.serviceUrl}${path}</loc>`), `${brand.id} sitemap ${path}`).toBe(
              offers(brand, feature),
            );
        }
        if (feature === 'storeLinks' || feature === 'identityReward') continue;
        const res = await probe(page, feature, locale);
        const body = JSON.parse(res.text) as { error?: string; error_msg?: string };
        if (offers(brand, feature)) expect(body.error, `${brand.id} API ${feature}`).not.toBe('feature_unavailable');
        else
          expect({ brand: brand.id, feature, status: res.status, body }).toMatchObject({
            status: 403,
            body: { error: 'feature_unavailable', error_msg: w.unavailable },
          });
      }
    }
  });

  test(`${locale}: every brand: the sign-up dialog, the sign-up tabs and the member pages draw only the brand's links`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    for (const brand of BRANDS) {
      const currency = brand.currency.shop[locale];
      const foreigner = offers(brand, 'foreignerSignup') ? 1 : 0;
      await page.goto(`${origin(brand)}/?locale=${locale}`);
      await page.getByRole('banner').getByRole('link', { name: w.signup, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('tab', { name: w.signup })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('link', { name: w.foreigner }), `${brand.id} dialog`).toHaveCount(foreigner);
      await page.keyboard.press('Escape');
      await page.goto(`${origin(brand)}${PAGE.signup}`);
      await expect(
        page.getByRole('main').getByRole('link', { name: w.foreignerTab, exact: true }),
        `${brand.id} sign-up tabs`,
      ).toHaveCount(foreigner);

      await signIn(page, brand, 'bj0001');
      await page.goto(`${origin(brand)}${PAGE.my}`);
      const links = page.getByRole('navigation', { name: w.links });
      await expect(links.getByRole('link').first()).toBeVisible();
      await expect(
        links.getByRole('link', { name: w.subscriptions, exact: true }),
        `${brand.id} my subscriptions`,
      ).toHaveCount(offers(brand, 'subscriptions') ? 1 : 0);
      await expect(links.getByRole('link', { name: w.cs, exact: true }), `${brand.id} my cs`).toHaveCount(
        offers(brand, 'customerService') ? 1 : 0,
      );

      await page.goto(`${origin(brand)}${PAGE.myLuv}`);
      const menu = page.getByRole('navigation', { name: w.luvMenu(currency) });
      for (const [name, feature] of [
        [w.shop(currency), 'shop'],
        [w.subscriptions, 'subscriptions'],
        [w.withdraw(currency), 'withdraw'],
        [w.exchange(currency), 'exchangeEvent'],
      ] as const)
        await expect(menu.getByRole('link', { name, exact: true }), `${brand.id} luv menu ${feature}`).toHaveCount(
          offers(brand, feature) ? 1 : 0,
        );
    }
  });
}

/** Signs in from a page of the brand, so the cookies land on its host. */
async function signIn(page: Page, brand: Brand, loginId: string): Promise<void> {
  const res = await pageFetch(page, '/v2/api/auth/signin', {
    method: 'POST',
    json: { loginId, password: PASSWORD, loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(res.status, `sign-in on ${brand.id}`).toBe(200);
}
