import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { browsePath, channelLivePath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import { $browseTheme, $categories, browseCategory, browseLives, loadCategories } from '../../stores/search.ts';
import { StreamCardView } from '../channel/StreamCardView.tsx';
import '../channel/channel.css';
import '../home/home.css';
import { PagedSection } from '../home/PagedSection.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './discovery.css';

/** The theme `code` of the page's address (`/browse?theme=`). */
const codeOfPage = () => new URLSearchParams(window.location.search).get('theme');

/**
 * `/browse?theme=`: every broadcast theme with its lives on air now (toggle buttons, one pressed), and the
 * lives of the one chosen, most viewers first; the address keeps the choice, so it can be shared.
 */
export default function BrowsePage({ locale }: { locale: Locale }) {
  const o = { locale };
  const cats = useStore($categories);
  const theme = useStore($browseTheme);

  useEffect(() => {
    void loadCategories().then(() => {
      const code = codeOfPage();
      const found = $categories.get().list.find((c) => c.code === code);
      browseCategory(found?.themeId ?? null);
    });
  }, []);

  function choose(themeId: number | null, code?: string) {
    window.history.replaceState(null, '', browsePath(code));
    browseCategory(themeId);
  }

  if (cats.status === 'error')
    return (
      <FormMessage className="home-state">
        {m.home_error({}, o)}{' '}
        <button type="button" onClick={() => void loadCategories().then(() => browseCategory(theme))}>
          {m.home_retry({}, o)}
        </button>
      </FormMessage>
    );
  if (cats.status === 'loading')
    return (
      <p className="home-state" role="status">
        {m.home_loading({}, o)}
      </p>
    );
  const chips = [
    { themeId: null, code: undefined, name: m.home_theme_all({}, o), count: cats.total },
    ...cats.list.map((c) => ({ themeId: c.themeId, code: c.code, name: c.name[locale], count: c.liveCount })),
  ];
  const current = chips.find((c) => c.themeId === theme) ?? chips[0]!;
  return (
    <>
      <div role="group" aria-label={m.browse_categories_label({}, o)} className="browse-categories">
        {chips.map((chip) => (
          <button
            key={chip.code ?? 'all'}
            type="button"
            className="browse-category"
            aria-pressed={chip.themeId === theme}
            onClick={() => choose(chip.themeId, chip.code)}
          >
            <span className="browse-category__name">{chip.name}</span>{' '}
            <span className="browse-category__count">{m.browse_live_count({ count: chip.count }, o)}</span>
          </button>
        ))}
      </div>
      <PagedSection
        locale={locale}
        id="browse-lives"
        heading={current.name}
        empty={theme === null ? m.home_empty_live({}, o) : m.home_empty_theme({}, o)}
        list={browseLives}
        keyOf={(c: StreamCard) => c.channelId}
        skeleton={4}
        render={(card: StreamCard) => (
          <StreamCardView locale={locale} card={card} href={channelLivePath(card.channelId)} />
        )}
      />
    </>
  );
}
