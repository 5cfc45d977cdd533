/**
 * The shell's plain script, bundled once and run on every page before islands hydrate (on a live
 * page after its first frame: src/islands/player/live-boot.ts): the header's menu keys, progress bar,
 * partner code, error reporting, tracking, service worker, the language note for Japanese and
 * Chinese browsers, the API client for a signed-in member. The app mode and theme are on the page
 * already (its first script, src/lib/page-mode.ts).
 */
import { resourceOnlyLocaleOf } from '../../domain/locales.ts';
import { APP_MAIN, device, safeLocalStorage } from './device.ts';
import { watchNavigations } from './progress.ts';
import { capturePartnerCode } from './storage-keys.ts';
import { hasSessionHint } from './session-hint.ts';

const root = document.documentElement;
const { app } = device();
const local = safeLocalStorage();

// The header menu's keys load when its button is first focused or pressed (it opens without them).
const moreButton = document.querySelector('[popovertarget="flx-prefs"]');
const loadMenuKeys = () =>
  void import('./header-menu.ts').then((menu) => menu.wireHeaderMenu(document.getElementById('flx-prefs')));
moreButton?.addEventListener('focus', loadMenuKeys, { once: true });
watchNavigations();

const signedIn = hasSessionHint();
if (local) capturePartnerCode(window.location.search, signedIn, local);
// A member's header asks who is signed in as it hydrates: its API client loads meanwhile.
if (signedIn) void import('./api-client.ts');

// A browser set to Japanese or Chinese on a Korean page: the note (and its ja/zh resource) loads
// then, never otherwise. The app draws its own chrome and language, so not inside it.
const noteLocale = app === APP_MAIN && root.lang === 'ko' ? resourceOnlyLocaleOf(navigator.language) : null;
if (noteLocale) void import('./language-notice.ts').then((n) => n.showLanguageNotice(noteLocale));

// Error reporting loads only when the build has a Sentry DSN (src/lib/error-reporting.ts).
if ((import.meta.env.PUBLIC_SENTRY_DSN as string | undefined)?.trim())
  void import('./error-reporting.ts').then((r) => r.initErrorReporting());
// Tags load only when the build configures them; otherwise not even the tracking module ships.
if (import.meta.env.PUBLIC_GTM_ID || import.meta.env.PUBLIC_ADS_ID)
  void import('./tracking.ts').then((t) => t.initTracking());

// The service worker (the offline page) is registered at the visitor's first touch, click, key or
// scroll, or as the tab is left: its script and what it caches never compete with the page's
// own requests on a first load, and a visitor who uses the page gets it all the same.
const SW_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'pagehide'] as const;
function registerServiceWorker(): void {
  for (const type of SW_EVENTS) window.removeEventListener(type, registerServiceWorker, true);
  navigator.serviceWorker.register('/service-worker.js').catch(() => {
    // No service worker (old browser, blocked, not served): the site works without one.
  });
}
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (navigator.serviceWorker.controller || navigator.userActivation?.hasBeenActive) registerServiceWorker();
  else
    for (const type of SW_EVENTS)
      window.addEventListener(type, registerServiceWorker, { capture: true, passive: true });
}
