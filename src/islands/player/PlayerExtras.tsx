import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { setLowLatency } from './playback-choice.ts';
import { chosenLabel } from './quality-label.ts';
import { usePlaybackChoice } from './use-playback-choice.ts';
import QualityMenu from './QualityMenu.tsx';

// The clip control (가위 / Clip, src/islands/clips/) of a live: its own chunk.
const ClipControl = lazy(() => import('../clips/ClipControl.tsx'));

interface Props {
  locale: Locale;
  video: HTMLVideoElement;
  /** A live: the low-latency mode where it offers one. */
  live: boolean;
  theater: { on: boolean; toggle: () => void } | null;
}

/**
 * The controls that depend on what the engine, the browser or the screen offers, each known only
 * after hydration: the quality menu (more than one quality), the low-latency mode (a live with
 * HTTP-FLV renditions), picture in picture (`document.pictureInPictureEnabled`), theater mode (a
 * wide screen). Loaded by PlayerControls.tsx once it has the video (the live page's budget).
 */
export default function PlayerExtras({ locale, video, live, theater }: Props) {
  const o = { locale };
  const choice = usePlaybackChoice();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [pip, setPip] = useState<boolean | null>(null);

  useEffect(() => {
    if (document.pictureInPictureEnabled !== true || video.disablePictureInPicture) return;
    const sync = () => setPip(document.pictureInPictureElement === video);
    sync();
    video.addEventListener('enterpictureinpicture', sync);
    video.addEventListener('leavepictureinpicture', sync);
    return () => {
      video.removeEventListener('enterpictureinpicture', sync);
      video.removeEventListener('leavepictureinpicture', sync);
    };
  }, [video]);

  const closeMenu = (refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) menuButton.current?.focus();
  };

  return (
    <>
      {choice.qualities.length > 1 && (
        <span className="player-quality">
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
            onKeyDown={(e) => {
              if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !menuOpen) {
                e.preventDefault();
                setMenuOpen(true);
              }
            }}
          >
            {m.player_quality({}, o)} <span className="player-chosen">{chosenLabel(choice, locale)}</span>
          </button>
          {menuOpen && <QualityMenu locale={locale} choice={choice} onClose={closeMenu} />}
        </span>
      )}
      {live && choice.lowLatencyAvailable && (
        <button type="button" aria-pressed={choice.lowLatency} onClick={() => setLowLatency(!choice.lowLatency)}>
          {m.player_low_latency({}, o)}
        </button>
      )}
      {pip !== null && (
        <button type="button" aria-pressed={pip} onClick={() => togglePip(video)}>
          {m.player_pip({}, o)}
        </button>
      )}
      {live && (
        <Suspense fallback={null}>
          <ClipControl locale={locale} />
        </Suspense>
      )}
      {theater && (
        <button type="button" aria-pressed={theater.on} onClick={theater.toggle}>
          {m.player_theater({}, o)}
        </button>
      )}
    </>
  );
}

function togglePip(video: HTMLVideoElement): void {
  if (document.pictureInPictureElement === video) void document.exitPictureInPicture().catch(() => undefined);
  else void video.requestPictureInPicture().catch(() => undefined);
}
