import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
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

// What the engine, the browser and the screen offer is known only after hydration: loaded then.
const PlayerExtras = lazy(() => import('./PlayerExtras.tsx'));
// A live's seek bar and LIVE (rewind), loaded with them.
const LiveSeek = lazy(() => import('./LiveSeek.tsx'));

type Video = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

interface Props {
  locale: Locale;
  video: HTMLVideoElement | null;
  /** What goes full screen: the player with these controls. */
  container: HTMLElement | null;
  /** A recording's seek bar and time (SeekBar.tsx); a live gets its own (LiveSeek.tsx). */
  seek?: ReactNode;
  /** The theater mode's state and switch where the page has room for it; null: no such button. */
  theater?: { on: boolean; toggle: () => void } | null;
}

/**
 * The player's controls, one set for lives and recordings: play or pause, sound, volume, a
 * recording's seek bar or a live's (rewind and LIVE: LiveSeek.tsx), the quality menu (more than one quality), the low-latency mode (a live that
 * offers it), picture in picture (where the browser has it), theater mode, full screen. Buttons with
 * visible words that say what they do next (their names change with the state) or, for a mode, a
 * toggle (aria-pressed); each names its shortcut key (shortcuts.ts). Disabled until the island has
 * the video (in the prebuilt page, and until it hydrates after the first frame): a press before
 * then would do nothing. The controls that depend on what is offered (PlayerExtras.tsx) and the
 * shortcuts (shortcuts.ts) load once the video is there (the live page's budget).
 */
export function PlayerControls({ locale, video, container, seek, theater = null }: Props) {
  const o = { locale };
  const [state, setState] = useState<MediaState>(AUTOPLAY);
  const live = seek === undefined;

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
    let stopKeys: (() => void) | null = null;
    let gone = false;
    if (container)
      void import('./shortcuts.ts').then((s) => {
        if (gone) return;
        stopKeys = s.installShortcuts(
          container,
          {
            togglePlay: () => togglePlay(video),
            toggleSound: () => toggleSound(video),
            toggleFullscreen: () => toggleFullscreen(video, container),
            volume: (delta) => setVolume(video, Math.min(1, Math.max(0, (video.muted ? 0 : video.volume) + delta))),
            seek: live
              ? (s) => void import('./live-rewind.ts').then((r) => r.rewindBy(s))
              : (s) => void (video.currentTime = Math.max(0, video.currentTime + s)),
            seekStepS: live ? LIVE_SEEK_STEP_S : undefined,
            // A live's ← and → only once it can be rewound (live-rewind.ts marks the player).
            canSeek: live ? () => container.dataset.rewind === 'true' : undefined,
          },
          locale,
        );
      });
    return () => {
      gone = true;
      stopKeys?.();
      for (const e of mediaEvents) video.removeEventListener(e, sync);
      document.removeEventListener('fullscreenchange', sync);
    };
  }, [video, container]);

  const volume = state.muted ? 0 : state.volume;
  const disabled = video === null;

  return (
    <div className="player-controls" role="group" aria-label={m.player_controls({}, o)}>
      <button type="button" onClick={() => video && togglePlay(video)} disabled={disabled} aria-keyshortcuts="k Space">
        {state.paused ? m.player_play({}, o) : m.player_pause({}, o)}
      </button>
      <button type="button" onClick={() => video && toggleSound(video)} disabled={disabled} aria-keyshortcuts="m">
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
        aria-keyshortcuts="ArrowUp ArrowDown"
        onChange={(e) => video && setVolume(video, Number(e.target.value))}
      />
      {seek ??
        (video && (
          <Suspense>
            <LiveSeek locale={locale} video={video} container={container} />
          </Suspense>
        ))}
      <span className="player-end">
        {video && (
          <Suspense>
            <PlayerExtras locale={locale} video={video} live={live} theater={theater} />
          </Suspense>
        )}
        <button
          type="button"
          onClick={() => video && toggleFullscreen(video, container)}
          disabled={disabled}
          aria-keyshortcuts="f"
        >
          {state.fullscreen ? m.player_exit_fullscreen({}, o) : m.player_fullscreen({}, o)}
        </button>
      </span>
    </div>
  );
}

/** ← and → on a live: 10 s (rewind.ts REWIND_STEP_S; a recording's are 5 s). */
const LIVE_SEEK_STEP_S = 10;

function togglePlay(video: HTMLVideoElement): void {
  if (video.paused) void video.play().catch(() => undefined);
  else video.pause();
}

function toggleSound(video: HTMLVideoElement): void {
  const on = video.muted || video.volume === 0;
  video.muted = !on;
  if (on && video.volume === 0) video.volume = 0.5;
}

function setVolume(video: HTMLVideoElement, volume: number): void {
  video.volume = volume;
  video.muted = volume === 0;
}

function toggleFullscreen(video: Video, container: HTMLElement | null): void {
  if (isFullscreen(video, container)) void document.exitFullscreen?.().catch(() => undefined);
  else if (container?.requestFullscreen) void container.requestFullscreen().catch(() => undefined);
  // iOS Safari has full screen for the video element only.
  else video.webkitEnterFullscreen?.();
}

function isFullscreen(video: HTMLVideoElement, container: HTMLElement | null): boolean {
  const el = document.fullscreenElement;
  return el !== null && (el === container || el === video);
}
