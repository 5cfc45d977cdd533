/**
 * The language an answer's texts are in, for the API and the edge worker alike: the `locale`
 * cookie the worker keeps (ko | en), else the best of Accept-Language among the resource locales
 * (the site's client sends its page language there; apps may ask for ja or zh), else Korean.
 */
import { COOKIE } from './cookies.ts';
import { DEFAULT_LOCALE, isLocale, RESOURCE_LOCALES, type ResourceLocale } from './locales.ts';

/** Longest Accept-Language read: a longer header is cut, never parsed whole. */
const ACCEPT_LANGUAGE_READ_MAX = 512;

function cookieLocale(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE.locale) continue;
    // A name sent twice counts as absent (worker/cookies.ts readCookie: we cannot tell which is ours).
    if (found !== undefined) return undefined;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

/** The best of an Accept-Language header among the resource locales (RFC 9110 §12.5.4), or null. */
export function acceptedLocale(header: string | null | undefined): ResourceLocale | null {
  if (!header) return null;
  let best: { locale: ResourceLocale; q: number } | null = null;
  for (const range of header.slice(0, ACCEPT_LANGUAGE_READ_MAX).split(',')) {
    const [tag = '', ...params] = range.trim().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const primary = tag.trim().toLowerCase().split('-')[0] as ResourceLocale;
    if (!RESOURCE_LOCALES.includes(primary) || !(q > 0) || (best && best.q >= q)) continue;
    best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** The caller's language from its Cookie and Accept-Language headers. */
export function callerLocaleOf(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): ResourceLocale {
  const cookie = cookieLocale(cookieHeader);
  return isLocale(cookie) ? cookie : (acceptedLocale(acceptLanguage) ?? DEFAULT_LOCALE);
}
