/**
 * The brand a page was built for, as islands see it: `<html data-brand>` (src/layouts). What an
 * island shows after it loads (a member's links, chat lines, a dialog) reads the brand's words and
 * features from here; what the server renders gets the brand as a page prop instead.
 */
import { BRANDS, DEFAULT_BRAND, type Brand } from '../../domain/brands.ts';
import { offers, offersPage, type Feature } from '../../domain/brand-features.ts';
import type { Locale } from '../../domain/locales.ts';

/** The page's brand; main outside a browser. */
export function pageBrand(): Brand {
  if (typeof document === 'undefined') return DEFAULT_BRAND;
  const id = document.documentElement.dataset.brand;
  return BRANDS.find((b) => b.id === id) ?? DEFAULT_BRAND;
}

/** The brand's words for message placeholders: `{caster}` (BJ, host), `{currency}` (luv, coin), `{item}` (lex, bell). */
export interface BrandWords {
  caster: string;
  currency: string;
  item: string;
}

export function wordsOf(brand: Brand, locale: Locale): BrandWords {
  return { caster: brand.casterTitle[locale], currency: brand.currency.shop[locale], item: brand.currency.item[locale] };
}

export function brandWords(locale: Locale): BrandWords {
  return wordsOf(pageBrand(), locale);
}

/** Whether this page's brand has the page at `path` (domain/brand-features.ts): links to pages it lacks are not drawn. */
export function pageOffers(path: string): boolean {
  return offersPage(pageBrand(), path);
}

/** Whether this page's brand has `feature` (a control that belongs to it is not drawn otherwise). */
export function pageHas(feature: Feature): boolean {
  return offers(pageBrand(), feature);
}
