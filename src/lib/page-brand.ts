/**
 * The brand a page was built for, as islands see it: its words and features are attributes of
 * `<html>` (src/layouts: `data-caster`, `data-currency`, `data-item`, `data-features`), so no
 * island ships the brand registry. What an island shows after it loads (a member's links, chat
 * lines, a dialog) reads them here; what the server renders gets the brand as a page prop. Called
 * while the server renders, these throw: the build fails rather than bake one brand's words into
 * every brand's page. Links to pages a feature owns: src/lib/page-offers.ts.
 */
import type { Feature } from '../../domain/brand-features.ts';
import type { Locale } from '../../domain/locales.ts';

/**
 * The brand's words for message placeholders: `{caster}` (BJ, host), `{currency}` (luv, coin), `{item}` (lex, bell).
 */
export interface BrandWords {
  caster: string;
  currency: string;
  item: string;
}

// On the server there is no document: the access throws, and so does the build.
const root = (): HTMLElement => document.documentElement;

/** The page's words; `locale` is the page's own (the attributes are written in it). */
export function brandWords(_locale: Locale): BrandWords {
  const d = root().dataset;
  return { caster: d.caster ?? '', currency: d.currency ?? '', item: d.item ?? '' };
}

/** Whether this page's brand has `feature` (a control that belongs to it is not drawn otherwise). */
export function pageHas(feature: Feature): boolean {
  return (root().dataset.features ?? '').split(' ').includes(feature);
}
