/**
 * The language note: a visitor whose browser is set to Japanese or Chinese and who lands on a
 * Korean page reads, in their own language, that the service is offered in Korean and English,
 * with a link to the English page and a close button. The site is built in ko and en only (the
 * switcher offers those two, SPEC §1); the note's words come from the ja or zh resource file,
 * loaded on demand. When that file fails to load (SPEC §8: empty messages) no note shows.
 */
import type { ResourceOnlyLocale } from '../../domain/locales.ts';
import { safeLocalStorage } from './device.ts';
import { loadLocaleMessages, type Messages } from './locale-loading.ts';
import '../styles/language-notice.css';

/** Local storage: '1' once the visitor closed the note; it does not come back. */
export const LANGUAGE_NOTICE_STORAGE_KEY = 'flx_language_notice';
const NOTICE_ID = 'flx-language-notice';

export interface LanguageNoticeEnv {
  document: Document;
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  load: (locale: ResourceOnlyLocale) => Promise<Messages>;
}

/** The current address asking for the English page (the worker keeps `?locale=` in its cookie). */
export function englishHref(href: string): string {
  const url = new URL(href);
  url.searchParams.set('locale', 'en');
  return `${url.pathname}${url.search}${url.hash}`;
}

function browserEnv(): LanguageNoticeEnv {
  // Storage blocked (null): the note shows on every page until the visitor switches to English.
  return {
    document,
    href: window.location.href,
    storage: safeLocalStorage(),
    load: (locale) => loadLocaleMessages(locale),
  };
}

/**
 * Shows the note in `locale` above the site header, unless it was closed before, is already
 * on the page or its texts are missing. Resolves to the note, or null when none shows.
 */
export async function showLanguageNotice(
  locale: ResourceOnlyLocale,
  env: LanguageNoticeEnv = browserEnv(),
): Promise<HTMLElement | null> {
  if (env.storage?.getItem(LANGUAGE_NOTICE_STORAGE_KEY) === '1') return null;
  const t = await env.load(locale);
  const label = t.shell_language_notice_label;
  const text = t.shell_language_notice_text;
  const english = t.shell_language_notice_english;
  const close = t.shell_dialog_close;
  const doc = env.document;
  if (!label || !text || !english || !close || doc.getElementById(NOTICE_ID)) return null;

  const note = doc.createElement('aside');
  note.id = NOTICE_ID;
  note.className = 'language-notice';
  note.lang = locale;
  note.setAttribute('aria-label', label);
  const p = doc.createElement('p');
  p.textContent = text;
  const link = doc.createElement('a');
  link.className = 'flx-button flx-button--small flx-button--primary';
  link.href = englishHref(env.href);
  link.hreflang = 'en';
  link.textContent = english;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'flx-button flx-button--small';
  button.textContent = close;
  button.addEventListener('click', () => {
    env.storage?.setItem(LANGUAGE_NOTICE_STORAGE_KEY, '1');
    note.remove();
  });
  note.append(p, link, button);
  const header = doc.querySelector('.site-header');
  if (header) header.before(note);
  else doc.body.prepend(note);
  return note;
}
