import { FEATURES, offers } from '../../domain/brand-features.ts';
import type { Brand } from '../../domain/brands.ts';
import { AppType } from '../../domain/device-kinds.ts';
import type { Locale } from '../../domain/locales.ts';
import { DEFAULT_THEME } from '../lib/theme.ts';

/**
 * The `<html>` attributes every layout writes: the brand's words and features, read in the browser by
 * src/lib/page-brand.ts, and the page mode most visitors have (the plain web, the default theme), so
 * that src/lib/page-mode.ts changes nothing, and restyles nothing, for them.
 */
export function htmlAttributes(brand: Brand, locale: Locale): Record<string, string> {
  return {
    lang: locale,
    'data-brand': brand.id,
    'data-app': AppType.main,
    'data-theme': DEFAULT_THEME,
    'data-caster': brand.casterTitle[locale],
    'data-currency': brand.currency.shop[locale],
    'data-item': brand.currency.item[locale],
    'data-features': FEATURES.filter((f) => offers(brand, f)).join(' '),
  };
}
