/** Locales offered by the UI (SPEC §1, §3 "Locales"). ja and zh exist only as loadable resources. */
export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

/** Locales with a translation resource (SPEC §1): the offered ones, then ja and zh, loaded on demand. */
export const RESOURCE_LOCALES = ['ko', 'en', 'ja', 'zh'] as const;
export type ResourceLocale = (typeof RESOURCE_LOCALES)[number];
/** The locales that exist only as resources: no page is built in them. */
export type ResourceOnlyLocale = Exclude<ResourceLocale, Locale>;

/**
 * The resource-only locale a language tag asks for (`ja-JP` → ja, `zh-Hans-CN` → zh), else null.
 * Only the primary subtag counts: Traditional Chinese readers get the Simplified resource.
 */
export function resourceOnlyLocaleOf(tag: string | null | undefined): ResourceOnlyLocale | null {
  // biome-ignore lint/suspicious/noNonNullAssertedOptionalChain: split always yields a first part; the short form keeps the entry pages' bytes
  const primary = tag?.split('-', 1)[0]!.toLowerCase();
  return primary === 'ja' || primary === 'zh' ? primary : null;
}

export class UnsupportedLocaleError extends Error {
  constructor(value: string) {
    super(`Unsupported locale: ${JSON.stringify(value.slice(0, 20))}`);
    this.name = 'UnsupportedLocaleError';
  }
}

export function isLocale(value: unknown): value is Locale {
  return value === 'ko' || value === 'en';
}

/**
 * Parses a locale. Only ko and en are accepted (SPEC §5 "Locale").
 * @throws UnsupportedLocaleError for anything else.
 */
export function parseLocale(value: string): Locale {
  if (isLocale(value)) return value;
  throw new UnsupportedLocaleError(value);
}
