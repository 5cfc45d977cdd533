import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { livePlayback, playLive, stopLive, type LivePlayback } from './live-start.ts';
import { liveVideo, liveVideoHtml, writtenSource, type LiveSource } from './live-video.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

const NOT_STARTED: LivePlayback = { engine: null, failed: false };

interface Props {
  locale: Locale;
  /** The source the page's data gave (the API's answer), used when the worker wrote none into the page. */
  source: LiveSource | null;
}

/**
 * The live player. Its video element is prebuilt HTML that React never renders into (an inner
 * HTML is not compared on hydration): the worker may have given it a source and the browser may
 * be playing it already, so hydrating must neither replace nor restart it. This adopts it, plays
 * the page's source where the worker wrote none (or another), and adds the controls.
 */
export function LivePlayer({ locale, source }: Props) {
  const o = { locale };
  const container = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const playback = useSyncExternalStore(livePlayback.subscribe, livePlayback.get, () => NOT_STARTED);
  const frame = useMemo(() => ({ __html: liveVideoHtml(m.player_label({}, { locale })) }), [locale]);

  useEffect(() => {
    setVideo(liveVideo());
    return () => void stopLive();
  }, []);
  // The page's data wins once it is known; until then the worker's (the same answer, so no restart).
  useEffect(() => {
    playLive(source ?? writtenSource(liveVideo()));
  }, [source?.format, source?.url]);

  return (
    <div ref={container} className="player player--live" data-engine={playback.engine ?? undefined}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (liveVideoHtml), the same the server wrote, so React adopts the playing video */}
      <div className="player-frame" dangerouslySetInnerHTML={frame} />
      <PlayerControls locale={locale} video={video} container={container.current} />
      {playback.failed && <FormMessage className="player-error">{m.player_error({}, o)}</FormMessage>}
    </div>
  );
}
