/**
 * The shell's plain script, bundled once and run on every page before islands hydrate:
 * app mode, theme, progress bar, partner code, error reporting, tracking, service worker,
 * the language note for Japanese and Chinese browsers.
 */
import { resourceOnlyLocaleOf } from '../../domain/locales.ts';
import { APP_MAIN, device } from './device.ts';
import { initErrorReporting } from './error-reporting.ts';
import { watchNavigations } from './progress.ts';
import { capturePartnerCode } from './storage-keys.ts';
import { wireThemeSelect } from './theme.ts';
import { hasSessionHint } from './session-hint.ts';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

const root = document.documentElement;
const { app, kind } = device();
// CSS hides the web chrome when a native app embeds the page.
root.dataset.app = app;
root.dataset.device = kind;

wireThemeSelect(document.querySelector<HTMLSelectElement>('#flx-theme'), storage('localStorage'));
watchNavigations();

const local = storage('localStorage');
if (local) capturePartnerCode(window.location.search, hasSessionHint(), local);

// A browser set to Japanese or Chinese on a Korean page: the note (and its ja/zh resource) loads
// then, never otherwise. The app draws its own chrome and language, so not inside it.
const noteLocale = app === APP_MAIN && root.lang === 'ko' ? resourceOnlyLocaleOf(navigator.language) : null;
if (noteLocale) void import('./language-notice.ts').then((n) => n.showLanguageNotice(noteLocale));

void initErrorReporting();
// Tags load only when the build configures them; otherwise not even the tracking module ships.
if (import.meta.env.PUBLIC_GTM_ID || import.meta.env.PUBLIC_ADS_ID) void import('./tracking.ts').then((t) => t.initTracking());

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/service-worker.js').catch(() => {
    // No service worker (old browser, blocked, not served): the site works without one.
  });
}
