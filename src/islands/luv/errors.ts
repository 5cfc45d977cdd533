/** Turns an API refusal into text for the viewer: the server's error_msg (already in their language for money refusals). */
import type { Locale } from '../../../domain/locales.ts';
import { apiErrorOf } from '../../lib/api-client.ts';
import { m } from '../../paraglide/messages.js';

export function luvErrorText(err: unknown, locale: Locale): string {
  const e = apiErrorOf(err);
  const body = e?.body as { error?: string; error_msg?: string } | undefined;
  if (body?.error === 'insufficient_funds') return m.luv_error_insufficient({}, { locale });
  if (body?.error_msg && (locale === 'en' || /[가-힣]/.test(body.error_msg))) return body.error_msg;
  return m.luv_error_generic({}, { locale });
}

export const won = (n: number, locale: Locale) => new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : 'en-US').format(n);
