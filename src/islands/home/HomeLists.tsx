import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { PREFETCH_ROOT_MARGIN_PX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $homeLives, $homeMine, loadMine, loadMoreLives } from '../../stores/home.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { StreamCardView } from '../channel/StreamCardView.tsx';
import '../channel/channel.css';
import { HomePromos } from './HomePromos.tsx';

/** HOME: live channels now (paged on scroll), and for members RECENT_VIEW and SUBSCRIPTIONS_VIEW. */
export default function HomeLists({ locale }: { locale: Locale }) {
  const lives = useStore($homeLives);
  const mine = useStore($homeMine);
  const session = useStore($session);
  const sentinel = useRef<HTMLDivElement>(null);
  const o = { locale };

  useEffect(() => {
    void loadMoreLives();
    void loadSession().then((s) => {
      if (s.status === 'member') void loadMine();
    });
  }, []);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || lives.done) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMoreLives(), { rootMargin: `${PREFETCH_ROOT_MARGIN_PX}px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [lives.done, lives.items.length]);

  return (
    <div className="home-lists">
      <HomePromos locale={locale} />
      <section aria-labelledby="home-live">
        <h2 id="home-live">{m.home_live_heading({}, o)}</h2>
        {lives.done && lives.items.length === 0 ? (
          <p>{m.home_empty_live({}, o)}</p>
        ) : (
          <ul className="stream-grid">
            {lives.items.map((card) => (
              <StreamCardView key={card.channelId} locale={locale} card={card} href={`/channels/${card.channelId}/live`} />
            ))}
          </ul>
        )}
        <div ref={sentinel} aria-hidden="true" />
      </section>
      {session.status === 'member' && (
        <>
          <section aria-labelledby="home-recent">
            <h2 id="home-recent">{m.home_recent_heading({}, o)}</h2>
            {mine.recent.length === 0 ? (
              <p>{m.home_empty_list({}, o)}</p>
            ) : (
              <ul className="stream-grid">
                {mine.recent.map((card) => (
                  <StreamCardView key={card.streamId} locale={locale} card={card} href={card.type === 2 ? `/vod/${card.streamId}` : `/channels/${card.channelId}/live`} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="home-subs">
            <h2 id="home-subs">{m.home_subscriptions_heading({}, o)}</h2>
            {mine.subscriptions.length === 0 ? (
              <p>{m.home_empty_list({}, o)}</p>
            ) : (
              <ul className="stream-grid">
                {mine.subscriptions.map((card) => (
                  <StreamCardView key={card.channelId} locale={locale} card={card} href={`/channels/${card.channelId}`} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
