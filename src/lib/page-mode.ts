/**
 * What the page must show before anything else runs: the app mode (CSS hides the web chrome when a
 * native app embeds the page) and the visitor's theme, as attributes of <html>. Run by the shell's
 * script on every page (shell-boot.ts) and, on the live page, by its early script before the shell
 * (src/islands/player/live-boot.ts). It lives in the `boot` chunk (astro.config.mjs), which every page
 * loads, so the live page sets it without loading the shell chunk (React).
 */
import { device, safeLocalStorage } from './device.ts';
import { applyTheme, storedTheme } from './theme.ts';

/** Sets what differs from the page as built (html-attributes.ts): an unchanged attribute restyles nothing. */
export function applyPageMode(root: HTMLElement = document.documentElement): void {
  const { app, kind } = device();
  if (root.dataset.app !== app) root.dataset.app = app;
  root.dataset.device = kind; // no style reads it
  applyTheme(storedTheme(safeLocalStorage()), root);
}
