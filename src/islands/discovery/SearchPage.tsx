import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { browsePath, channelLivePath, channelPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import { $search, runSearch } from '../../stores/search.ts';
import { StreamCardView } from '../channel/StreamCardView.tsx';
import '../channel/channel.css';
import '../home/home.css';
import { FormMessage } from '../ui/FormMessage.tsx';
import './discovery.css';

/** The query of the page's address (`/search?q=`). */
const queryOfPage = () => new URLSearchParams(window.location.search).get('q') ?? '';

/**
 * `/search?q=`: the channels (by nickname or channel name) and the lives (also by title) the header's
 * search found, each with its empty state; loading and a failed search with a retry.
 */
export default function SearchPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const s = useStore($search);

  useEffect(() => {
    const q = queryOfPage();
    // The header's box shows what was searched, ready to be refined.
    const box = document.querySelector<HTMLInputElement>('form[role="search"] input[name="q"]');
    if (box && box.value === '') box.value = q;
    void runSearch(q);
  }, []);

  if (s.status !== 'ready' && s.status !== 'error')
    return (
      <p className="home-state" role="status">
        {m.home_loading({}, o)}
      </p>
    );
  if (s.status !== 'ready')
    return (
      <FormMessage className="home-state">
        {m.home_error({}, o)}{' '}
        <button type="button" onClick={() => void runSearch(s.query)}>
          {m.home_retry({}, o)}
        </button>
      </FormMessage>
    );
  if (s.query === '')
    return (
      <p className="home-state">
        {m.search_empty_query({}, o)} <a href={browsePath()}>{m.browse_link({}, o)}</a>
      </p>
    );
  const { channels, lives } = s.results;
  return (
    <div className="search-results">
      <h2 className="search-results__heading" aria-live="polite">
        {m.search_heading({ query: s.query }, o)}
      </h2>
      <section aria-labelledby="search-channels" className="home-section">
        <h3 id="search-channels">{m.search_channels_heading({}, o)}</h3>
        {channels.length === 0 ? (
          <p className="home-state">{m.search_no_channels({ query: s.query }, o)}</p>
        ) : (
          <ul className="search-channels">
            {channels.map((c) => (
              <ChannelRow key={c.channelId} locale={locale} card={c} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="search-lives" className="home-section">
        <h3 id="search-lives">{m.search_lives_heading({}, o)}</h3>
        {lives.length === 0 ? (
          <p className="home-state">{m.search_no_lives({ query: s.query }, o)}</p>
        ) : (
          <ul className="stream-grid">
            {lives.map((c) => (
              <StreamCardView
                key={c.streamId ?? c.channelId}
                locale={locale}
                card={c}
                href={channelLivePath(c.channelId)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A channel found: its BJ, its name (unless locked) and whether it is live, with its viewers. */
function ChannelRow({ locale, card }: { locale: Locale; card: StreamCard }) {
  const o = { locale };
  const live = card.broadcasting && card.type === 1;
  return (
    <li>
      <a href={live ? channelLivePath(card.channelId) : channelPath(card.channelId)} className="search-channel">
        <span className="search-channel__name">{card.nickname}</span>
        {!card.locked && card.title && <span className="search-channel__title">{card.title}</span>}
        {live ? (
          <span className="search-channel__state search-channel__state--live">
            {m.channel_live_badge({}, o)} · {m.chat_viewers({ count: card.viewers }, o)}
          </span>
        ) : (
          <span className="search-channel__state">{m.search_offline({}, o)}</span>
        )}
      </a>
    </li>
  );
}
