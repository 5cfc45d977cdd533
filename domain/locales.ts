/** Locales offered by the UI (SPEC §1, §3 "Locales"). ja and zh exist only as loadable resources. */
export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

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
