/**
 * The caller's language and the texts the API answers in. The texts are those of the site
 * (messages/{locale}.json, flat keys), read once at start-up, so an error says the same words in
 * the API's answer as on the page.
 */
import type { Context } from 'hono';
import en from '../../messages/en.json' with { type: 'json' };
import ja from '../../messages/ja.json' with { type: 'json' };
import ko from '../../messages/ko.json' with { type: 'json' };
import zh from '../../messages/zh.json' with { type: 'json' };
import { callerLocaleOf } from '../../domain/caller-locale.ts';
import type { ResourceLocale } from '../../domain/locales.ts';

/** Languages the API can answer in: the offered ones (ko, en) and the resource-only ja and zh. */
export type TextLocale = ResourceLocale;

const TEXTS: Record<TextLocale, Record<string, unknown>> = { ko, en, ja, zh };

export { acceptedLocale } from '../../domain/caller-locale.ts';

/**
 * The caller's language: the `locale` cookie the worker keeps (ko | en), else the best of
 * Accept-Language (the site's client sends its page language there), else Korean.
 */
export function callerLocale(c: Context): TextLocale {
  const cached = (c as Context<{ Variables: { locale?: TextLocale } }>).get('locale');
  if (cached) return cached;
  const locale = callerLocaleOf(c.req.header('cookie'), c.req.header('accept-language'));
  (c as Context<{ Variables: { locale?: TextLocale } }>).set('locale', locale);
  return locale;
}

export type TextParams = Record<string, string | number>;

/**
 * The text of message `key` in `locale`, `{name}` placeholders filled from `params`. A key
 * missing in ja or zh falls back to English; a key missing everywhere answers the key itself
 * (a test keeps every catalogue key present in ko and en).
 */
export function text(locale: TextLocale, key: string, params: TextParams = {}): string {
  const raw = TEXTS[locale][key] ?? TEXTS.en[key];
  if (typeof raw !== 'string') return key;
  return raw.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Whether `key` is a message with a plain text in ko and en (schema messages are such keys). */
export function isMessageKey(key: string): boolean {
  return typeof TEXTS.ko[key] === 'string' && typeof TEXTS.en[key] === 'string';
}
