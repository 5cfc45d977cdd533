import { BRANDS, type Brand } from '../../domain/brands.ts';

/** getStaticPaths() for files built once per brand (robots.txt, sitemap.xml). */
export function brandPaths() {
  const only = process.env.BRAND;
  return BRANDS.filter((b) => !only || b.id === only).map((brand) => ({ params: { brand: brand.id }, props: { brand } }));
}

/** Public pages worth indexing; member pages, callbacks and notices are left out on purpose. */
export const SITEMAP_PATHS = [
  '/',
  '/signin',
  '/signup',
  '/static/service-rules',
  '/static/privacy-rules',
  '/static/viewer-rules',
  '/static/broadcast-rules',
] as const;

export function robotsTxt(brand: Brand): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /my/',
    'Disallow: /api/',
    'Disallow: /callback/',
    'Disallow: /completed/',
    'Disallow: /notices/',
    `Sitemap: ${brand.serviceUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(brand: Brand): string {
  const paths = brand.features.foreignerSignup ? [...SITEMAP_PATHS, '/signup/foreigner'] : SITEMAP_PATHS;
  const urls = paths.map((p) => `  <url><loc>${brand.serviceUrl}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
