/**
 * On-demand translation resources (SPEC §1: en, ja, ko, zh exist, loaded on demand; §8: a
 * locale whose messages fail to load gives empty messages and a console warning, never a
 * blank page). ko and en pages are compiled by Paraglide; this loads the raw resource files,
 * each its own chunk fetched on the first call, so no page carries one it does not ask for.
 */
import { RESOURCE_LOCALES } from '../../domain/locales.ts';

export type Messages = Record<string, string>;
export type MessageLoader = () => Promise<unknown>;

const bundled = import.meta.glob<unknown>('../../messages/*.json', { import: 'default' });

function defaultLoader(locale: string): MessageLoader | undefined {
  return bundled[`../../messages/${locale}.json`];
}

/** Loads the messages of `locale`; any failure resolves to `{}` after a console warning. */
export async function loadLocaleMessages(
  locale: string,
  loader: MessageLoader | undefined = defaultLoader(locale),
  warn: (message: string, error?: unknown) => void = console.warn,
): Promise<Messages> {
  if (!(RESOURCE_LOCALES as readonly string[]).includes(locale) || !loader) {
    warn(`[i18n] no messages for locale ${JSON.stringify(locale)}; showing empty messages`);
    return {};
  }
  try {
    const data = await loader();
    if (!data || typeof data !== 'object') throw new TypeError('messages file is not an object');
    const out: Messages = {};
    for (const [key, value] of Object.entries(data))
      if (typeof value === 'string' && !key.startsWith('$')) out[key] = value;
    return out;
  } catch (error) {
    warn(`[i18n] messages for ${locale} failed to load; showing empty messages`, error);
    return {};
  }
}
