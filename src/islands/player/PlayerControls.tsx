import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

interface MediaState {
  paused: boolean;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
}

/** What the prebuilt page shows: a live autoplays muted. */
const AUTOPLAY: MediaState = { paused: false, muted: true, volume: 1, fullscreen: false };

interface Props {
  locale: Locale;
  video: HTMLVideoElement | null;
  /** What goes full screen: the player with these controls. */
  container: HTMLElement | null;
}

/**
 * A live's controls: play or pause, sound on or off, volume, full screen. Buttons with visible
 * words that say what they do next (their names change with the state), a labelled slider;
 * keyboard and screen readers use them as any button and slider. Disabled until the island has
 * the video (in the prebuilt page, and until it hydrates after the first frame): a press before
 * then would do nothing.
 */
export function PlayerControls({ locale, video, container }: Props) {
  const o = { locale };
  const [state, setState] = useState<MediaState>(AUTOPLAY);

  useEffect(() => {
    if (!video) return;
    const sync = () =>
      setState({
        paused: video.paused,
        muted: video.muted || video.volume === 0,
        volume: video.volume,
        fullscreen: isFullscreen(video, container),
      });
    const mediaEvents = ['play', 'pause', 'playing', 'volumechange', 'webkitbeginfullscreen', 'webkitendfullscreen'];
    for (const e of mediaEvents) video.addEventListener(e, sync);
    document.addEventListener('fullscreenchange', sync);
    sync();
    return () => {
      for (const e of mediaEvents) video.removeEventListener(e, sync);
      document.removeEventListener('fullscreenchange', sync);
    };
  }, [video, container]);

  const togglePlay = () => {
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };
  const toggleSound = () => {
    if (!video) return;
    const on = video.muted || video.volume === 0;
    video.muted = !on;
    if (on && video.volume === 0) video.volume = 0.5;
  };
  const setVolume = (volume: number) => {
    if (!video) return;
    video.volume = volume;
    video.muted = volume === 0;
  };
  const toggleFullscreen = () => {
    if (!video) return;
    if (state.fullscreen) void document.exitFullscreen?.().catch(() => undefined);
    else if (container?.requestFullscreen) void container.requestFullscreen().catch(() => undefined);
    // iOS Safari has full screen for the video element only.
    else (video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
  };
  const volume = state.muted ? 0 : state.volume;
  const disabled = video === null;

  return (
    <div className="player-controls" role="group" aria-label={m.player_controls({}, o)}>
      <button type="button" onClick={togglePlay} disabled={disabled}>
        {state.paused ? m.player_play({}, o) : m.player_pause({}, o)}
      </button>
      <button type="button" onClick={toggleSound} disabled={disabled}>
        {state.muted ? m.player_unmute({}, o) : m.player_mute({}, o)}
      </button>
      <input
        type="range"
        className="player-volume"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        disabled={disabled}
        aria-label={m.player_volume({}, o)}
        aria-valuetext={`${Math.round(volume * 100)}%`}
        onChange={(e) => setVolume(Number(e.target.value))}
      />
      <button type="button" className="player-fullscreen" onClick={toggleFullscreen} disabled={disabled}>
        {state.fullscreen ? m.player_exit_fullscreen({}, o) : m.player_fullscreen({}, o)}
      </button>
    </div>
  );
}

function isFullscreen(video: HTMLVideoElement, container: HTMLElement | null): boolean {
  const el = document.fullscreenElement;
  return el !== null && (el === container || el === video);
}
