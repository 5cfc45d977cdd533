import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { livePlayback, playLive, stopLive, type LivePlayback } from './live-start.ts';
import type { LiveStatus } from './live-status.ts';
import { liveVideo, liveVideoHtml, writtenSource, type LiveSource } from './live-video.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { usePlaybackChoice } from './use-playback-choice.ts';

// Said only when the video does not play, and after the player hydrated: loaded on demand (the live page's budget).
const PlayerMessage = lazy(() => import('./PlayerMessage.tsx').then((mod) => ({ default: mod.PlayerMessage })));

const NOT_STARTED: LivePlayback = { engine: null, failed: false };

interface Props {
  locale: Locale;
  /** The source the page's data gave (the API's answer), used when the worker wrote none into the page. */
  source: LiveSource | null;
  /** The page knows the live is on the air but has no source for it yet (its first segments are not written). */
  waiting?: boolean;
  /** The page's theater mode, where it has room for one (theater.ts). */
  theater?: { on: boolean; toggle: () => void } | null;
}

/**
 * The live player. Its video element is prebuilt HTML that React never renders into (an inner
 * HTML is not compared on hydration): the worker may have given it a source and the browser may
 * be playing it already, so hydrating must neither replace nor restart it. This adopts it, plays
 * the page's source where the worker wrote none (or another), adds the controls, and says over the
 * video why it does not play, if it does not (live-status.ts, loaded after hydration).
 */
export function LivePlayer({ locale, source, waiting = false, theater = null }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const still = useRef<HTMLCanvasElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<LiveStatus>('loading');
  const playback = useSyncExternalStore(livePlayback.subscribe, livePlayback.get, () => NOT_STARTED);
  const choice = usePlaybackChoice();
  const frame = useMemo(() => ({ __html: liveVideoHtml(m.player_label({}, { locale })) }), [locale]);
  const playing = useRef<LiveSource | null>(null);
  playing.current = source ?? writtenSource(video);

  useEffect(() => {
    const el = liveVideo();
    setVideo(el);
    let stop: (() => void) | undefined;
    let gone = false;
    if (el)
      void import('./live-status.ts').then((s) => {
        if (!gone) stop = s.watchLive(el, still.current, () => playing.current, setStatus);
      });
    return () => {
      gone = true;
      stop?.();
      void stopLive();
    };
  }, []);
  // The page's data wins once it is known; until then the worker's (the same answer, so no restart).
  useEffect(() => {
    playLive(source ?? writtenSource(liveVideo()));
  }, [source?.format, source?.url]);

  const shown = status === 'loading' && waiting ? 'starting' : status;
  return (
    <div
      ref={container}
      className="player player--live"
      tabIndex={-1}
      data-engine={playback.engine ?? undefined}
      data-state={shown}
    >
      <div className="player-screen">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (liveVideoHtml), the same the server wrote, so React adopts the playing video */}
        <div className="player-frame" dangerouslySetInnerHTML={frame} />
        <canvas ref={still} className="player-still" />
        {shown !== 'loading' && shown !== 'playing' && (
          <Suspense>
            <PlayerMessage locale={locale} status={shown} otherQualities={choice.qualities.length > 1} />
          </Suspense>
        )}
      </div>
      <PlayerControls locale={locale} video={video} container={container.current} theater={theater} />
    </div>
  );
}
