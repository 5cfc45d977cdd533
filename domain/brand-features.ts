/**
 * What each `features` flag of the brand registry (domain/brands.ts) gates: its pages (not built
 * for a brand without it, so the worker answers 404), the links to them, and the API (403
 * `feature_unavailable`). One table for the site, the worker and the API; docs/BRANDS.md shows it.
 */
import type { Brand, BrandFeatures } from './brands.ts';
import { PAGE } from './routes.ts';

export type Feature = keyof BrandFeatures;

export const FEATURES = [
  'shop',
  'withdraw',
  'foreignerSignup',
  'customerService',
  'subscriptions',
  'exchangeEvent',
  'storeLinks',
  'identityReward',
] as const satisfies readonly Feature[];

/** The pages a feature owns; `storeLinks` owns only footer links, `identityReward` only a button label. */
export const FEATURE_PAGES: Record<Feature, readonly string[]> = {
  shop: [PAGE.luvShop],
  withdraw: [PAGE.myWithdraw],
  foreignerSignup: [PAGE.signupForeigner],
  customerService: [PAGE.cs],
  subscriptions: [PAGE.mySubscriptions],
  exchangeEvent: [PAGE.myExchange],
  storeLinks: [],
  identityReward: [],
};

export function offers(brand: Brand, feature: Feature): boolean {
  return brand.features[feature];
}

/** The feature that owns the page at `path` (a visible path, query ignored), or null for a page every brand has. */
export function featureOfPage(path: string): Feature | null {
  const bare = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  for (const f of FEATURES) if (FEATURE_PAGES[f].includes(bare)) return f;
  return null;
}

/** Whether the brand has the page at `path`: links to a page it lacks are not drawn. */
export function offersPage(brand: Brand, path: string): boolean {
  const feature = featureOfPage(path);
  return feature === null || offers(brand, feature);
}
