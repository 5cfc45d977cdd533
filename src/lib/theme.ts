/** Themes of SPEC §3 (DARK, BLUE), kept per browser; applied as `data-theme` on <html>. */
const THEMES = ['BLUE', 'DARK'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'BLUE';
const THEME_STORAGE_KEY = 'flx_theme';

function parseTheme(value: unknown): Theme {
  return value === 'DARK' || value === 'BLUE' ? value : DEFAULT_THEME;
}

export function storedTheme(storage: Pick<Storage, 'getItem'> | null): Theme {
  try {
    return parseTheme(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

/** Sets `data-theme` only when it changes: an unchanged attribute restyles nothing. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
}

/** The header's theme items (menuitemradio, `data-theme-choice`) checked as the page's theme. */
export function markThemeChoices(root: HTMLElement = document.documentElement): void {
  const theme = parseTheme(root.dataset.theme);
  for (const item of document.querySelectorAll<HTMLElement>('[data-theme-choice]'))
    item.setAttribute('aria-checked', item.dataset.themeChoice === theme ? 'true' : 'false');
}

/** Applies and stores a visitor's choice (storage can be full or blocked: the theme still applies). */
export function chooseTheme(value: unknown, storage: Pick<Storage, 'setItem'> | null): void {
  const next = parseTheme(value);
  applyTheme(next);
  try {
    storage?.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Private mode or a full storage: this page still shows the theme.
  }
  markThemeChoices();
}

/**
 * The header's theme items, handled from the page's first script (src/lib/page-mode.ts) by one listener
 * on the document: a choice made while the page's other scripts still load is applied, not lost (the
 * select wired by the shell's script once ignored it).
 */
export function listenForThemeChoices(storage: Pick<Storage, 'setItem'> | null): void {
  document.addEventListener('click', (event) => {
    const item = (event.target as Element | null)?.closest?.<HTMLElement>('[data-theme-choice]');
    if (item) chooseTheme(item.dataset.themeChoice, storage);
  });
  // The header is parsed after this script: its items show the stored theme once it is there.
  document.addEventListener('DOMContentLoaded', () => markThemeChoices());
}
