import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../../../domain/brands.ts';
import { LOCALES } from '../../../../../domain/locales.ts';
import { RULES_TYPES } from '../../../../../domain/routes.ts';
import { policy } from './_policies.ts';

describe('policy texts', () => {
  for (const brand of BRANDS) {
    for (const locale of LOCALES) {
      it.each(RULES_TYPES)(`${brand.id}/${locale}: %s is complete and names the brand`, (type) => {
        const p = policy(type, brand, locale);
        const all = [p.title, p.intro, ...p.sections.flatMap((s) => [s.heading, s.body])];
        expect(p.sections.length).toBeGreaterThanOrEqual(5);
        for (const text of all) {
          expect(text.trim().length).toBeGreaterThan(0);
          expect(text).not.toMatch(/[{}]/);
        }
        expect(p.intro).toContain(brand.serviceName[locale]);
      });
    }
  }

  it('is written in each locale, not copied', () => {
    const main = BRANDS[0]!;
    for (const type of RULES_TYPES) expect(policy(type, main, 'ko').intro).not.toBe(policy(type, main, 'en').intro);
  });

  it('calls the broadcaster by the brand title (host on HearHeart)', () => {
    const hh = BRANDS.find((b) => b.id === 'hearheart')!;
    expect(policy('broadcast-rules', hh, 'en').intro).toContain('every host');
  });
});
