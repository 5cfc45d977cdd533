import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { reportClientIssue } from '../../lib/error-reporting.ts';
import { attachEngine, type Engine, type EngineName, type StreamFormat } from './engines.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { PlayerMessage } from './PlayerMessage.tsx';
import { usePlaybackChoice } from './use-playback-choice.ts';
import { SeekBar } from './SeekBar.tsx';

export interface PlayerProps {
  locale: Locale;
  format: StreamFormat;
  url: string;
  poster?: string | null;
}

/**
 * A recording's player: the live's controls (PlayerControls.tsx) with a seek bar, none of the
 * browser's (a live plays in LivePlayer.tsx). Starts muted (browsers allow only muted autoplay).
 * An error shows only while the video does not play: it goes when the video plays.
 */
export default function Player({ locale, format, url, poster }: PlayerProps) {
  const container = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [played, setPlayed] = useState(false);
  const [engineName, setEngineName] = useState<EngineName | null>(null);
  const choice = usePlaybackChoice();
  const o = { locale };

  useEffect(() => {
    const el = video;
    if (!el) return;
    let engine: Engine | null = null;
    let cancelled = false;
    setFailed(false);
    setEngineName(null);
    const playing = () => {
      setFailed(false);
      setPlayed(true);
    };
    el.addEventListener('playing', playing);
    const events = {
      onFatal: () => setFailed(true),
      onEngine: (name: EngineName) => {
        if (!cancelled) setEngineName(name);
      },
      onFallback: (reason: string) =>
        void reportClientIssue(`player: ${format} engine fell back to HLS playback: ${reason}`, {
          'player.format': format,
        }),
      onRestart: (reason: string) =>
        void reportClientIssue(`player: ${format} playback restarted: ${reason}`, { 'player.format': format }),
    };
    attachEngine(el, format, url, events).then(
      (e) => {
        if (cancelled) return e.destroy();
        engine = e;
        setEngineName(e.name);
        e.play();
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      el.removeEventListener('playing', playing);
      engine?.destroy();
    };
  }, [video, format, url]);

  return (
    <div
      ref={container}
      className="player"
      tabIndex={-1}
      data-engine={engineName ?? undefined}
      data-state={failed ? 'error' : played ? 'playing' : 'loading'}
    >
      <div className="player-screen">
        <video
          ref={setVideo}
          className="player-video"
          aria-label={m.player_label({}, o)}
          muted
          autoPlay
          playsInline
          poster={poster ?? undefined}
          data-testid="player-video"
        />
        {failed && <PlayerMessage locale={locale} status="error" otherQualities={choice.qualities.length > 1} />}
      </div>
      <PlayerControls
        locale={locale}
        video={video}
        container={container.current}
        seek={<SeekBar locale={locale} video={video} />}
      />
    </div>
  );
}
