import { FEATURES, offers } from '../../domain/brand-features.ts';
import type { Brand } from '../../domain/brands.ts';
import type { Locale } from '../../domain/locales.ts';

/** The `<html>` attributes every layout writes: the brand's words and features, read in the browser by src/lib/page-brand.ts. */
export function htmlAttributes(brand: Brand, locale: Locale): Record<string, string> {
  return {
    lang: locale,
    'data-brand': brand.id,
    'data-theme': 'BLUE',
    'data-caster': brand.casterTitle[locale],
    'data-currency': brand.currency.shop[locale],
    'data-item': brand.currency.item[locale],
    'data-features': FEATURES.filter((f) => offers(brand, f)).join(' '),
  };
}
