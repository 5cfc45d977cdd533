import { BRANDS, type Brand } from '../../domain/brands.ts';
import { offersPage } from '../../domain/brand-features.ts';
import { LOCALES, type Locale } from '../../domain/locales.ts';

export interface BrandLocaleProps {
  brand: Brand;
  locale: Locale;
}

/**
 * getStaticPaths() for pages built once per brand × locale. `BRAND` in the environment narrows
 * the build to one brand (handy while developing a brand's look).
 */
export function brandLocalePaths() {
  const only = process.env.BRAND;
  return BRANDS.filter((b) => !only || b.id === only).flatMap((brand) =>
    LOCALES.map((locale) => ({
      params: { brand: brand.id, locale },
      props: { brand, locale } satisfies BrandLocaleProps,
    })),
  );
}

/**
 * getStaticPaths() for a page a `features` flag owns (domain/brand-features.ts): built only for
 * the brands that have it, so the worker answers the others with their 404 page.
 */
export function featurePagePaths(path: string) {
  return () => brandLocalePaths().filter((p) => offersPage(p.props.brand, path));
}
