/**
 * Every brand shows nothing it does not offer (docs/BRANDS.md): a member of each of the six brands
 * visits its entry pages (home, a channel, My page, My luv, My items) in Korean on a desktop and in
 * English at 375 px; no page greets with an error (a filled `role="alert"`, the catalogue's
 * `feature_unavailable` text), and every same-site link drawn on them answers (none is a 404 or a
 * server error). Links are fetched from the brand's page itself (its host resolves only in the
 * browser, playwright.config.ts): GET without reading the body, all links of a brand at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { BRANDS, type Brand } from '../../domain/brands.ts';
import { offers } from '../../domain/brand-features.ts';
import { PAGE } from '../../domain/routes.ts';
import { PORT, VIEWPORTS } from './auth-fixtures.ts';
import { pageFetch } from './brand-fixtures.ts';
import { channelOf, PASSWORD } from './channel-fixtures.ts';

const origin = (brand: Brand) => `http://${brand.id}.localhost:${PORT}`;

const W = {
  ko: { unavailable: '이 서비스에서는 제공하지 않는 기능입니다.' },
  en: { unavailable: 'This feature is not offered on this service.' },
} as const;

/** The same-site links of the page (path and query), without fragments, mail, phone or script links. */
function sameSiteLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      const raw = a.getAttribute('href') ?? '';
      if (!raw || raw.startsWith('#') || /^(?:mailto|tel|javascript|sms):/i.test(raw)) continue;
      const url = new URL(raw, location.href);
      if (url.origin === location.origin) out.add(url.pathname + url.search);
    }
    return [...out];
  });
}

/** The status each path answers from the page's origin (redirects followed), the bodies left unread. */
function statuses(page: Page, paths: string[]): Promise<Record<string, number>> {
  return page.evaluate(async (paths) => {
    const answered = await Promise.all(
      paths.map(async (p) => {
        const res = await fetch(p, { credentials: 'same-origin' });
        void res.body?.cancel();
        return [p, res.status] as const;
      }),
    );
    return Object.fromEntries(answered);
  }, paths);
}

/** Signs in from a page of the brand, so the cookies land on its host. */
async function signIn(page: Page, brand: Brand, loginId: string): Promise<void> {
  const res = await pageFetch(page, '/v2/api/auth/signin', {
    method: 'POST',
    json: { loginId, password: PASSWORD, loginKeep: false, saveId: false, device: 'PCWEB' },
  });
  expect(res.status, `sign-in on ${brand.id}`).toBe(200);
}

/** Waits for the page's own reads: the live page's video keeps fetching, so there the heading is enough. */
async function settled(page: Page, live: boolean): Promise<void> {
  if (live) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  else await page.waitForLoadState('networkidle');
}

for (const [locale, viewport] of [
  ['ko', VIEWPORTS.desktop],
  ['en', VIEWPORTS.mobile],
] as const) {
  for (const brand of BRANDS) {
    test(`${locale} ${viewport.width}px: ${brand.id}'s entry pages greet with no error and link to no missing page`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const channelId = await channelOf(page.request, 'bj0001');
      await page.goto(`${origin(brand)}/?locale=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('data-brand', brand.id);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The home page's lead names the shop's currency only where the brand sells it.
      const currency = brand.currency.shop[locale];
      const lead = page.getByRole('main').getByRole('paragraph').first();
      if (offers(brand, 'shop')) await expect(lead, `${brand.id} home wording`).toContainText(currency);
      else await expect(lead, `${brand.id} home wording`).not.toContainText(currency);
      await signIn(page, brand, 'viewer01');

      const entries = [PAGE.home, `/channels/${channelId}`, PAGE.my, PAGE.myLuv, PAGE.myItems];
      const links = new Map<string, string>();
      for (const entry of entries) {
        await page.goto(`${origin(brand)}${entry}`);
        await settled(page, entry.startsWith('/channels/'));
        await expect(page.getByText(W[locale].unavailable), `${brand.id} ${entry}: feature error`).toHaveCount(0);
        await expect(
          page.getByRole('alert').filter({ hasText: /\S/ }),
          `${brand.id} ${entry}: error greeting`,
        ).toHaveCount(0);
        for (const link of await sameSiteLinks(page)) if (!links.has(link)) links.set(link, entry);
      }
      expect(links.size, `${brand.id}: links found`).toBeGreaterThan(5);

      const answered = await statuses(page, [...links.keys()]);
      const broken = Object.entries(answered)
        .filter(([, status]) => status === 404 || status >= 500)
        .map(([link, status]) => `${links.get(link)} → ${link}: ${status}`);
      expect(broken, `${brand.id}: links that answer 404 or fail`).toEqual([]);
    });
  }
}
