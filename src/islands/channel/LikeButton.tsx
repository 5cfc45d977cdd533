import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $channelLike, loadLike, toggleLike } from '../../stores/channel-like.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import './like.css';

/** The heart of a channel page (LIKE): a toggle button; guests get the members-only dialog. */
export function LikeButton({ locale, channelId, member }: { locale: Locale; channelId: number; member: boolean }) {
  const o = { locale };
  const like = useStore($channelLike);
  const current = like.channelId === channelId;
  const liked = current && like.liked;

  useEffect(() => {
    void loadLike(channelId);
  }, [channelId, member]);

  function press() {
    if (!member) return showMembersOnly();
    void toggleLike(channelId, m.channel_like_failed({}, o));
  }

  return (
    <span className="channel-like">
      <button
        type="button"
        className="like-button"
        aria-pressed={liked}
        disabled={member && (!current || like.busy)}
        onClick={press}
      >
        <span aria-hidden="true" className="like-heart">
          {liked ? '♥' : '♡'}
        </span>{' '}
        <span className="channel-action__label">{m.channel_like({}, o)}</span>
      </button>{' '}
      <span className="like-count">{m.channel_like_count({ count: current ? like.count : 0 }, o)}</span>
    </span>
  );
}
