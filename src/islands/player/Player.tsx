import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { reportClientIssue } from '../../lib/error-reporting.ts';
import { attachEngine, type Engine, type EngineName, type StreamFormat } from './engines.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

export interface PlayerProps {
  locale: Locale;
  format: StreamFormat;
  url: string;
  poster?: string | null;
}

/**
 * A recording's player, with the browser's controls to seek (a live plays in LivePlayer.tsx). Starts
 * muted (browsers allow only muted autoplay) with an unmute button.
 */
export default function Player({ locale, format, url, poster }: PlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const [engineName, setEngineName] = useState<EngineName | null>(null);
  const o = { locale };

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let engine: Engine | null = null;
    let cancelled = false;
    setFailed(false);
    setEngineName(null);
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
      engine?.destroy();
    };
  }, [format, url]);

  return (
    <div className="player" data-engine={engineName ?? undefined}>
      <video
        ref={video}
        className="player-video"
        aria-label={m.player_label({}, o)}
        muted={muted}
        autoPlay
        playsInline
        controls
        poster={poster ?? undefined}
        data-testid="player-video"
      />
      {muted && (
        <button type="button" className="player-unmute" onClick={() => setMuted(false)}>
          {m.player_unmute({}, o)}
        </button>
      )}
      {failed && <FormMessage className="player-error">{m.player_error({}, o)}</FormMessage>}
    </div>
  );
}
