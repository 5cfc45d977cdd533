import type { Locale } from '../../../domain/locales.ts';
import { DEFAULT_PROFILE_IMAGE } from '../../lib/default-images.ts';
import { pageHas } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { setFollowing, type ChannelPageData } from '../../stores/channel.ts';
import { openGift } from '../../stores/luv.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { LikeButton } from './LikeButton.tsx';
import { SubscribeButton, SubscriberCount, SubscriptionState } from './SubscribeControl.tsx';

/**
 * BJ name, followers, paid subscribers, and the like, follow, subscribe and gift actions (members only: guests get the
 * members-only dialog).
 */
export function ChannelHeader({ locale, data, member }: { locale: Locale; data: ChannelPageData; member: boolean }) {
  const o = { locale };
  const ch = data.channel;
  const following = data.following;

  async function toggleFollow() {
    if (!member) return showMembersOnly();
    await setFollowing(ch.channelId, !following);
  }

  function gift() {
    if (!member) return showMembersOnly();
    openGift({ channelId: ch.channelId, nickname: ch.nickname, presets: data.presets ?? [] });
  }

  const subscriptions = pageHas('subscriptions');
  return (
    <header className="channel-header">
      <img src={DEFAULT_PROFILE_IMAGE} alt="" width="56" height="56" className="channel-avatar" />
      <div className="channel-who">
        <h1>{m.channel_page_title({ nickname: ch.nickname }, o)}</h1>
        <p>
          {ch.broadcasting && <span className="badge badge-live">{m.channel_live_badge({}, o)}</span>}{' '}
          {(ch.adult || ch.adultPlus) && <span className="badge badge-adult">{m.channel_adult_badge({}, o)}</span>}{' '}
          {m.channel_followers({ count: data.subscriberCount }, o)}
          {subscriptions && (
            <>
              {' · '}
              <SubscriberCount locale={locale} channelId={ch.channelId} seed={data.subscription} />
            </>
          )}
        </p>
      </div>
      {!ch.isOwner && (
        <div className="channel-actions">
          {subscriptions && (
            <SubscribeButton
              locale={locale}
              channelId={ch.channelId}
              nickname={ch.nickname}
              member={member}
              seed={data.subscription}
            />
          )}
          <LikeButton locale={locale} channelId={ch.channelId} member={member} />
          <button type="button" onClick={() => void toggleFollow()} aria-pressed={following}>
            {following ? m.channel_unfollow({}, o) : m.channel_follow({}, o)}
          </button>
          <button type="button" className="channel-gift" onClick={gift}>
            <span aria-hidden="true">🎁</span> <span className="channel-action__label">{m.channel_gift({}, o)}</span>
          </button>
        </div>
      )}
      {!ch.isOwner && subscriptions && (
        <SubscriptionState locale={locale} channelId={ch.channelId} seed={data.subscription} />
      )}
    </header>
  );
}
