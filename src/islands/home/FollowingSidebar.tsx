import { useStore } from '@nanostores/react';
import type { Locale } from '../../../domain/locales.ts';
import { channelLivePath, channelPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { homeSubscriptions } from '../../stores/home-member.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/**
 * Desktop only (home.css): the channels the member follows, live ones first, with their state and
 * viewers now. It reads the same list as the home page's followed channels (`/api/my/streams/subscriptions`).
 */
export function FollowingSidebar({ locale }: { locale: Locale }) {
  const o = { locale };
  const s = useStore(homeSubscriptions.$state);
  return (
    <nav className="following-sidebar" aria-labelledby="following-sidebar-heading">
      <h2 id="following-sidebar-heading">{m.following_nav_label({}, o)}</h2>
      {s.items.length > 0 && (
        <ul>
          {s.items.map((c) => (
            <li key={c.channelId}>
              <a href={c.broadcasting ? channelLivePath(c.channelId) : channelPath(c.channelId)}>
                <span className="following-sidebar__name">{c.nickname}</span>
                {c.broadcasting ? (
                  <span className="following-sidebar__state following-sidebar__state--live">
                    {m.channel_live_badge({}, o)} · {m.chat_viewers({ count: c.viewers }, o)}
                  </span>
                ) : (
                  <span className="following-sidebar__state">{m.search_offline({}, o)}</span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {(s.status === 'loading' || s.status === 'idle') && (
        <p className="home-state" role="status">
          {m.home_loading({}, o)}
        </p>
      )}
      {s.status === 'ready' && s.items.length === 0 && <p className="home-state">{m.following_empty({}, o)}</p>}
      {s.status === 'error' && (
        <FormMessage className="home-state">
          {m.home_error({}, o)}{' '}
          <button type="button" onClick={() => void homeSubscriptions.retry()}>
            {m.home_retry({}, o)}
          </button>
        </FormMessage>
      )}
    </nav>
  );
}
