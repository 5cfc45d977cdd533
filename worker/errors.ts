/**
 * The edge's own refusals, answered as the API answers: `{ error, error_msg }` with the
 * code's status from the catalogue (domain/errors.ts) and its text in the caller's language
 * (domain/caller-locale.ts), never cached.
 */
import type { Context } from 'hono';
import { callerLocaleOf } from '../domain/caller-locale.ts';
import { API_ERRORS } from '../domain/errors.ts';
import type { ResourceLocale } from '../domain/locales.ts';
// Every text is read by name below, so the bundler keeps those keys of messages/ and drops the rest.
import * as en from '../messages/en.json';
import * as ja from '../messages/ja.json';
import * as ko from '../messages/ko.json';
import * as zh from '../messages/zh.json';

const TEXTS = {
  cross_site_request: {
    ko: ko.error_cross_site_request,
    en: en.error_cross_site_request,
    ja: ja.error_cross_site_request,
    zh: zh.error_cross_site_request,
  },
  upstream_timeout: {
    ko: ko.error_upstream_timeout,
    en: en.error_upstream_timeout,
    ja: ja.error_upstream_timeout,
    zh: zh.error_upstream_timeout,
  },
  upstream_unavailable: {
    ko: ko.error_upstream_unavailable,
    en: en.error_upstream_unavailable,
    ja: ja.error_upstream_unavailable,
    zh: zh.error_upstream_unavailable,
  },
  session_expired: {
    ko: ko.error_session_expired,
    en: en.error_session_expired,
    ja: ja.error_session_expired,
    zh: zh.error_session_expired,
  },
  not_found: { ko: ko.error_not_found, en: en.error_not_found, ja: ja.error_not_found, zh: zh.error_not_found },
} satisfies Partial<Record<keyof typeof API_ERRORS, Record<ResourceLocale, string>>>;

/** The catalogue codes the worker answers with itself. */
export type EdgeErrorCode = keyof typeof TEXTS;

/** `code`'s text in the language the caller's Cookie and Accept-Language headers ask for. */
export function edgeErrorText(
  code: EdgeErrorCode,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): string {
  return TEXTS[code][callerLocaleOf(cookieHeader, acceptLanguage)];
}

/** Answers `code` with its catalogue status, `Cache-Control: no-store` and `headers` (Retry-After, say). */
export function edgeError(c: Context, code: EdgeErrorCode, headers: Record<string, string> = {}): Response {
  const error_msg = edgeErrorText(code, c.req.header('cookie'), c.req.header('accept-language'));
  return c.json({ error: code, error_msg }, API_ERRORS[code].status, { 'cache-control': 'no-store', ...headers });
}
