import type { Locale } from '../../../domain/locales.ts';
import { DEFAULT_THUMBNAIL_IMAGE } from '../../lib/default-images.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import { LiveOverlay } from '../home/LiveOverlay.tsx';

/** One tile of a list: a locked (adult, no PI) entry shows no thumbnail and no title. */
export function StreamCardView({ locale, card, href }: { locale: Locale; card: StreamCard; href: string }) {
  const o = { locale };
  const title = card.locked ? m.home_locked_title({}, o) : (card.title ?? '');
  return (
    <li className="stream-card">
      <a href={href}>
        <span className="stream-thumb">
          {card.locked || !card.thumbnail ? (
            <img src={DEFAULT_THUMBNAIL_IMAGE} alt="" width="320" height="180" />
          ) : (
            <img src={card.thumbnail} alt="" width="320" height="180" loading="lazy" />
          )}
          {card.type === 1 && <span className="badge badge-live">{m.channel_live_badge({}, o)}</span>}
          {(card.adult || card.adultPlus) && <span className="badge badge-adult">{m.channel_adult_badge({}, o)}</span>}
          {card.type === 1 && <LiveOverlay locale={locale} card={card} />}
        </span>
        <span className="stream-title">{title}</span>
      </a>
      <span className="stream-meta">
        {/* A live's viewers are over its thumbnail (LiveOverlay). */}
        {card.type === 1 ? card.nickname : `${card.nickname} · ${m.channel_views({ count: card.viewCount }, o)}`}
      </span>
    </li>
  );
}
