import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { browsePath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { $liveTheme, $themes, loadThemes, selectTheme } from '../../stores/home.ts';

/** THEME: broadcast-theme chips that filter the live list (toggle buttons, one pressed at a time). */
export function ThemeChips({ locale }: { locale: Locale }) {
  const o = { locale };
  const themes = useStore($themes);
  const current = useStore($liveTheme);
  useEffect(() => {
    void loadThemes();
  }, []);
  // The row is kept while the themes load, so the list below does not move when they come.
  if (themes.status !== 'ready' && themes.status !== 'error') return <div className="theme-chips" aria-hidden="true" />;
  // Without themes the live list is simply unfiltered: nothing to offer, nothing to report.
  if (themes.status !== 'ready' || themes.list.length === 0) return null;
  const chips = [
    { themeId: null, name: m.home_theme_all({}, o) },
    ...themes.list.map((t) => ({ themeId: t.themeId, name: t.name[locale] })),
  ];
  return (
    <div role="group" aria-label={m.home_themes_label({}, o)} className="theme-chips">
      {chips.map((chip) => (
        <button
          key={chip.themeId ?? 'all'}
          type="button"
          className="theme-chip"
          aria-pressed={current === chip.themeId}
          onClick={() => selectTheme(chip.themeId)}
        >
          {chip.name}
        </button>
      ))}
      <a href={browsePath()} className="theme-chips__more">
        {m.browse_link({}, o)}
      </a>
    </div>
  );
}
