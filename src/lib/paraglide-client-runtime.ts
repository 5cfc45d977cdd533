/**
 * What the compiled message functions take from Paraglide's runtime, in the browser build only
 * (astro.config.mjs swaps it in): every call on this site passes `{ locale }`, so the runtime's
 * locale detection (cookie, URL and custom strategies, about 1.3 KiB gzip on every page with an
 * island) would never run. A call without a locale gets the page's language.
 */
export const experimentalStaticLocale: undefined = undefined;

export function getLocale(): 'ko' | 'en' {
  return document.documentElement.lang === 'en' ? 'en' : 'ko';
}
