import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import { DEFAULT_PROFILE_IMAGE } from '../../lib/default-images.ts';
import { m } from '../../paraglide/messages.js';
import type { CasterCard } from '../../stores/home.ts';

/** CASTER: a broadcaster by name and subscribers; never a broadcast title or thumbnail. */
export function CasterCardView({ locale, card }: { locale: Locale; card: CasterCard }) {
  const o = { locale };
  return (
    <li className="caster-card">
      <a href={channelPath(card.channelId)}>
        <img src={DEFAULT_PROFILE_IMAGE} alt="" width="48" height="48" className="caster-avatar" />
        <span className="caster-who">
          <span className="caster-name">{card.nickname}</span>
          <span className="caster-meta">
            {card.broadcasting && <span className="badge badge-live">{m.channel_live_badge({}, o)}</span>}{' '}
            {(card.adult || card.adultPlus) && (
              <span className="badge badge-adult">{m.channel_adult_badge({}, o)}</span>
            )}{' '}
            {m.channel_subscribers({ count: card.subscriberCount }, o)}
          </span>
        </span>
      </a>
    </li>
  );
}
