import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { loadChannelPage, type ChannelPageState } from '../../stores/channel.ts';
import type { SessionState } from '../../stores/session.ts';
import ChatPanel from '../chat/ChatPanel.tsx';
import { LivePlayer } from '../player/LivePlayer.tsx';
import { useTheater } from '../player/theater.ts';
import { AdultNotice } from './AdultNotice.tsx';
import { ChannelHeader } from './ChannelHeader.tsx';
import { LiveElapsed } from './LiveElapsed.tsx';
import { PasswordGate } from './PasswordGate.tsx';

interface Props {
  locale: Locale;
  /** Undefined until the address is read after hydration. */
  channelId: number | undefined;
  state: ChannelPageState;
  session: SessionState;
}

/**
 * The live page (`/channels/{id}/live`), laid out from the prebuilt HTML on: while the channel's
 * data loads, the header and the chat hold their room and the player is already there, so the
 * video the worker started keeps its element and its place when the data arrives. The data then
 * takes the player away if the live is locked, ended or behind a password.
 */
export function LiveView({ locale, channelId, state, session }: Props) {
  const o = { locale };
  const ready = state.status === 'ready' ? state : null;
  const live = ready?.data.live ?? null;
  const member = session.status === 'member';
  const stage = ready === null || (live !== null && !ready.passwordNeeded);
  const source = ready?.sourceUrl && live?.format ? { format: live.format, url: ready.sourceUrl } : null;
  const theater = useTheater();

  return (
    <div className={`channel-page channel-live${theater.on ? ' theater' : ''}`} aria-busy={ready === null}>
      {ready ? (
        <ChannelHeader locale={locale} data={ready.data} member={member} />
      ) : (
        <div className="channel-header" aria-hidden="true" />
      )}
      {ready?.data.channel.locked ? (
        <AdultNotice locale={locale} onVerified={() => channelId && loadChannelPage(channelId, { source: true })} />
      ) : (
        <div className="channel-main">
          <div className="channel-stage">
            {ready?.passwordNeeded && channelId && (
              <PasswordGate
                locale={locale}
                channelId={channelId}
                viewerId={session.status === 'member' ? session.profile.loginId : ''}
              />
            )}
            {stage && (
              <LivePlayer
                locale={locale}
                source={source}
                waiting={live !== null && !live.locked && !source}
                theater={theater.room ? theater : null}
              />
            )}
            {ready && !live ? (
              <p className="channel-offline">{m.channel_offline({}, o)}</p>
            ) : (
              <h2 className="live-title">{live?.title}</h2>
            )}
            {live && channelId ? <LiveElapsed channelId={channelId} locale={locale} /> : null}
          </div>
          {ready ? (
            live &&
            !ready.passwordNeeded &&
            channelId && <ChatPanel locale={locale} room={String(channelId)} streamId={live.streamId} />
          ) : (
            <div className="chat-placeholder" aria-hidden="true" />
          )}
        </div>
      )}
    </div>
  );
}
