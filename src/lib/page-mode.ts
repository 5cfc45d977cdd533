/**
 * What the page must show before anything else runs: the app mode (CSS hides the web chrome when a
 * native app embeds the page) and the visitor's theme, as attributes of <html>. Run by the page's
 * first script, written into its `<head>` (page-mode-inline.ts), before the first paint.
 */
import { currentApp, safeLocalStorage, safeSessionStorage } from './device.ts';
import { applyTheme, storedTheme } from './theme.ts';

/** Sets what differs from the page as built (html-attributes.ts): an unchanged attribute restyles nothing. */
export function applyPageMode(root: HTMLElement = document.documentElement): void {
  const app = currentApp(window.location.search, safeSessionStorage());
  if (root.dataset.app !== app) root.dataset.app = app;
  applyTheme(storedTheme(safeLocalStorage()), root);
}
