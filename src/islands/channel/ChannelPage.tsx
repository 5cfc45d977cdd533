import { useStore } from '@nanostores/react';
import { markAdultBroadcast } from '../../stores/auth-welcome.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelLivePath, vodPath } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import {
  $channelPage,
  idFromPath,
  loadChannelPage,
  markPlayed,
  moreRecordings,
  watchForLive,
} from '../../stores/channel.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import { AdultNotice } from './AdultNotice.tsx';
import { BoardLink } from './BoardLink.tsx';
import { ChannelHeader } from './ChannelHeader.tsx';
import { LiveElapsed } from './LiveElapsed.tsx';
import { LiveView } from './LiveView.tsx';
import { StreamCardView } from './StreamCardView.tsx';
import { SuggestedChannels } from './SuggestedChannels.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './channel.css';

// Only a channel's owner sees the broadcast panel, so viewers never download it.
const BroadcastPanel = lazy(() => import('./BroadcastPanel.tsx').then((mod) => ({ default: mod.BroadcastPanel })));
// The channel's clips (src/islands/clips/): their own chunk, below the recordings.
const ChannelClips = lazy(() => import('../clips/ChannelClips.tsx'));

/**
 * The channel id from the address, read after hydration: the prebuilt shell serves every id, so the
 * server render cannot know it (reading it during render made the first client render differ from
 * the server's: React #418, and a flash of "not found" before hydration). Undefined until then,
 * null for an address without one.
 */
function useChannelId(): number | null | undefined {
  const [channelId, setChannelId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    void loadSession();
    setChannelId(idFromPath(window.location.pathname, 'channels'));
  }, []);
  return channelId;
}

/** The sign-up dialog's welcome panel says an adult broadcast needs identity verification (SPEC §2). */
function useAdultMark(adult: boolean) {
  useEffect(() => {
    markAdultBroadcast(adult);
    return () => markAdultBroadcast(false);
  }, [adult]);
}

/**
 * The channel page (`/channels/{id}`) and the live page (`/channels/{id}/live`): one prebuilt
 * shell for every id; the id comes from the address.
 */
export default function ChannelPage({ locale, mode }: { locale: Locale; mode: 'channel' | 'live' }) {
  const { state } = useStore($channelPage);
  const session = useSession();
  const o = { locale };
  const channelId = useChannelId();
  useEffect(() => {
    if (channelId) void loadChannelPage(channelId, { source: mode === 'live' });
  }, [channelId]);

  const member = session.status === 'member';
  const live = state.status === 'ready' ? state.data.live : null;
  useEffect(() => {
    if (mode === 'live' && member && live?.streamId && !live.locked) markPlayed(live.streamId);
  }, [mode, member, live?.streamId]);
  useAdultMark(state.status === 'ready' && Boolean(state.data.channel.adult || state.data.channel.adultPlus));
  // Off the air: the page listens for the live to start and brings the player when it does.
  const offline = state.status === 'ready' && !state.data.live && !state.data.channel.locked;
  useEffect(
    () => (offline && channelId ? watchForLive(channelId, { source: mode === 'live' }) : undefined),
    [offline, channelId],
  );

  if (channelId === null || state.status === 'missing') return <FormMessage>{m.channel_not_found({}, o)}</FormMessage>;
  if (state.status === 'ready' && typeof document !== 'undefined') {
    const nickname = state.data.channel.nickname;
    document.title = `${mode === 'live' ? m.channel_live_title({ nickname }, o) : m.channel_page_title({ nickname }, o)} | ${document.title.split(' | ').pop()}`;
  }
  if (mode === 'live') return <LiveView locale={locale} channelId={channelId} state={state} session={session} />;
  if (channelId === undefined || state.status === 'loading') return <p aria-busy="true">{m.channel_loading({}, o)}</p>;

  const { data } = state;
  const locked = data.channel.locked;

  return (
    <div className={`channel-page channel-${mode}`}>
      <ChannelHeader locale={locale} data={data} member={member} />
      {mode === 'channel' && member && data.channel.isOwner && (
        <Suspense fallback={null}>
          <BroadcastPanel locale={locale} channelId={channelId} liveStreamId={live?.streamId ?? null} />
        </Suspense>
      )}
      {locked ? (
        <AdultNotice locale={locale} onVerified={() => loadChannelPage(channelId!, { source: false })} />
      ) : (
        <div className="channel-main">
          <div className="channel-stage">
            {live ? (
              <ul className="stream-grid">
                <StreamCardView locale={locale} card={live} href={channelLivePath(channelId)} />
              </ul>
            ) : (
              <p className="channel-offline">{m.channel_offline({}, o)}</p>
            )}
            {live && <LiveElapsed channelId={channelId} locale={locale} />}
            {live && (
              <a className="button" href={channelLivePath(channelId)}>
                {m.channel_watch_live({}, o)}
              </a>
            )}
          </div>
        </div>
      )}
      {!locked && mode === 'channel' && (
        <>
          <BoardLink channelId={channelId} locale={locale} />
          <section aria-labelledby="notices-heading">
            <h2 id="notices-heading">{m.channel_notices_heading({}, o)}</h2>
            <ul className="channel-notices">
              {data.notices.map((n) => (
                <li key={n.id}>
                  <strong>{n.title}</strong> {n.content}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="recordings-heading">
            <h2 id="recordings-heading">{m.channel_recordings_heading({}, o)}</h2>
            {state.recordings.length === 0 ? (
              <p>{m.channel_recordings_empty({}, o)}</p>
            ) : (
              <ul className="stream-grid">
                {state.recordings.map((r) => (
                  <StreamCardView key={r.streamId} locale={locale} card={r} href={vodPath(r.streamId!)} />
                ))}
              </ul>
            )}
            {state.recordings.length < state.recordingsTotal && (
              <button type="button" onClick={() => void moreRecordings(channelId)}>
                {m.channel_more({}, o)}
              </button>
            )}
          </section>
          <Suspense fallback={null}>
            <ChannelClips locale={locale} channelId={channelId} />
          </Suspense>
          <SuggestedChannels
            channelId={channelId}
            memberId={session.status === 'member' ? Number(session.profile.memberId) : null}
            locale={locale}
          />
        </>
      )}
    </div>
  );
}
