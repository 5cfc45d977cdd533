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

/**
 * Keeps the header's theme select in step with the theme the page shows (applied from storage by the
 * page's first script, src/lib/page-mode.ts, before this runs) and stores the visitor's choice.
 */
export function wireThemeSelect(select: HTMLSelectElement | null, storage: Storage | null): void {
  if (!select) return;
  select.value = parseTheme(document.documentElement.dataset.theme);
  select.addEventListener('change', () => {
    const next = parseTheme(select.value);
    applyTheme(next);
    try {
      storage?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be full or blocked (private mode): the theme still applies to this page.
    }
  });
}
