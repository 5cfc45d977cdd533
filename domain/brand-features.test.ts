import { describe, expect, it } from 'vitest';
import { BRANDS, brandById } from './brands.ts';
import { FEATURE_PAGES, FEATURES, featureOfPage, offersPage } from './brand-features.ts';
import { PAGE } from './routes.ts';

describe('brand features', () => {
  it('names every flag of the registry', () => {
    expect([...FEATURES].sort()).toEqual(Object.keys(BRANDS[0]!.features).sort());
  });

  it('every flag is off for some brand, and main has them all', () => {
    for (const f of FEATURES)
      expect(
        BRANDS.some((b) => !b.features[f]),
        f,
      ).toBe(true);
    for (const f of FEATURES) expect(brandById('main').features[f]).toBe(true);
  });

  it('finds the feature of a page, whatever its query or trailing slash', () => {
    expect(featureOfPage('/signup/foreigner?callbackURL=%2F')).toBe('foreignerSignup');
    expect(featureOfPage('/my/withdraw/')).toBe('withdraw');
    expect(featureOfPage('/cs?tab=inquiry')).toBe('customerService');
    expect(featureOfPage('/')).toBeNull();
    expect(featureOfPage('/my/luv')).toBeNull();
    for (const [f, pages] of Object.entries(FEATURE_PAGES)) for (const p of pages) expect(featureOfPage(p)).toBe(f);
  });

  it('partner brands lack the foreigner sign-up, withdrawals and the exchange event', () => {
    for (const id of ['onion', 'hearheart', 'realtoon'] as const) {
      expect(offersPage(brandById(id), PAGE.signupForeigner)).toBe(false);
      expect(offersPage(brandById(id), PAGE.myWithdraw)).toBe(false);
      expect(offersPage(brandById(id), PAGE.myExchange)).toBe(false);
      expect(offersPage(brandById(id), PAGE.home)).toBe(true);
    }
  });
});
