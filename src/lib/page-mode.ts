/**
 * The page's first script: the app mode (CSS hides the web chrome when a native app embeds the page)
 * and the visitor's theme, as attributes of <html>. Written into the top of `<head>` by
 * src/components/PageModeScript.astro (bundled by inline-script.ts), above the stylesheets, it runs
 * while the head is parsed, so the first paint already has them (a module script, the shell's, ran
 * after parsing and often after the first paint: a dark theme's visitor saw the page light first).
 * It sets only what differs from the page as built (html-attributes.ts): an unchanged attribute
 * restyles nothing.
 */
import { currentApp, safeLocalStorage, safeSessionStorage } from './device.ts';
import { applyTheme, listenForThemeChoices, storedTheme } from './theme.ts';

const root = document.documentElement;
const app = currentApp(window.location.search, safeSessionStorage());
if (root.dataset.app !== app) root.dataset.app = app;
const local = safeLocalStorage();
applyTheme(storedTheme(local), root);
listenForThemeChoices(local);
