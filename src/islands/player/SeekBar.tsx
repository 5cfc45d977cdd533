import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/** 83 → "1:23", 3723 → "1:02:03". */
function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const mm = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * A recording's position: a slider (arrows 1 s, Page Up/Down a tenth, Home/End) that says
 * "1:23 / 10:00" to a screen reader, and the same time shown beside it.
 */
export function SeekBar({ locale, video }: { locale: Locale; video: HTMLVideoElement | null }) {
  const [time, setTime] = useState({ at: 0, total: 0 });

  useEffect(() => {
    if (!video) return;
    const sync = () => setTime({ at: video.currentTime, total: Number.isFinite(video.duration) ? video.duration : 0 });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked', 'emptied'];
    for (const e of events) video.addEventListener(e, sync);
    sync();
    return () => {
      for (const e of events) video.removeEventListener(e, sync);
    };
  }, [video]);

  const text = `${clock(time.at)} / ${clock(time.total)}`;
  return (
    <span className="player-seek">
      <input
        type="range"
        min={0}
        max={Math.max(1, Math.floor(time.total))}
        step={1}
        value={Math.floor(time.at)}
        disabled={!video || time.total === 0}
        aria-label={m.player_seek({}, { locale })}
        aria-valuetext={text}
        aria-keyshortcuts="ArrowLeft ArrowRight"
        onChange={(e) => {
          if (video) video.currentTime = Number(e.target.value);
        }}
      />
      <span className="player-time" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
