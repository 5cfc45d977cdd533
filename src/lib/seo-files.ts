import { BRANDS, type Brand } from '../../domain/brands.ts';
import { offersPage } from '../../domain/brand-features.ts';
import { API_PREFIXES, oauthCallbackPath, PAGE, policyPath } from '../../domain/routes.ts';

/** getStaticPaths() for files built once per brand (robots.txt, sitemap.xml). */
export function brandPaths() {
  const only = process.env.BRAND;
  return BRANDS.filter((b) => !only || b.id === only).map((brand) => ({
    params: { brand: brand.id },
    props: { brand },
  }));
}

/**
 * Public pages worth indexing; member pages, callbacks and notices are left out on purpose. A page
 * a `features` flag owns is listed only for the brands that have it (domain/brand-features.ts).
 */
const SITEMAP_PATHS = [
  PAGE.home,
  PAGE.signin,
  PAGE.signup,
  PAGE.signupForeigner,
  PAGE.luvShop,
  PAGE.cs,
  policyPath('service-rules'),
  policyPath('privacy-rules'),
  policyPath('viewer-rules'),
  policyPath('broadcast-rules'),
] as const;

/** The first segment of a path as a prefix: `/my/luv` → `/my/`. */
const section = (path: string) => `/${path.split('/')[1]}/`;

/** Sections kept out of search: member pages, the API, sign-in returns, sign-up results, service notices. */
const NOT_INDEXED = [
  section(PAGE.my),
  API_PREFIXES[0],
  section(oauthCallbackPath('any')),
  section(PAGE.signupCompleted),
  section(PAGE.maintenance),
];

export function robotsTxt(brand: Brand): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_INDEXED.map((p) => `Disallow: ${p}`),
    `Sitemap: ${brand.serviceUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(brand: Brand): string {
  const paths = SITEMAP_PATHS.filter((p) => offersPage(brand, p));
  const urls = paths.map((p) => `  <url><loc>${brand.serviceUrl}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
