import type { Locale } from '../../domain/locales.ts';

/** A date and time of the API (ISO) in the page's locale, medium date and short time; '' for none. */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** An amount (won, luv) in the page's locale: 12,345. */
export function won(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : 'en-US').format(n);
}
