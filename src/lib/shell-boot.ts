/**
 * The shell's plain script, bundled once and run on every page before islands hydrate:
 * app mode, theme, progress bar, partner code, error reporting, tracking, service worker.
 */
import { device } from './device.ts';
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

void initErrorReporting();
// Tags load only when the build configures them; otherwise not even the tracking module ships.
if (import.meta.env.PUBLIC_GTM_ID || import.meta.env.PUBLIC_ADS_ID) void import('./tracking.ts').then((t) => t.initTracking());

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/service-worker.js').catch(() => {
    // No service worker (old browser, blocked, not served): the site works without one.
  });
}
