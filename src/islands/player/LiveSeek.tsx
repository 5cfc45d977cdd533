import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { goLive, rewindState, rewindTo, watchRewind } from './live-rewind.ts';
import { clock, REWIND_STEP_S } from './rewind.ts';

/**
 * A live's seek bar (rewind: live-rewind.ts): a slider over the window the live can be rewound in
 * (its right end is the live moment; arrows 10 s, as ← and →), the distance behind shown beside it,
 * and LIVE, which goes back to the edge (disabled there). Shown once the live has rewind playlists
 * and the browser can play them. Loaded with the player's extras (PlayerExtras.tsx).
 */
export default function LiveSeek({
  locale,
  video,
  container,
}: {
  locale: Locale;
  video: HTMLVideoElement;
  container: HTMLElement | null;
}) {
  const o = { locale };
  const s = useSyncExternalStore(rewindState.subscribe, rewindState.get, rewindState.server);
  // While the finger (or a key) moves the slider, it shows where it goes, not where the picture is.
  const [dragging, setDragging] = useState<number | null>(null);

  useEffect(() => watchRewind(video, container), [video, container]);
  useEffect(() => {
    if (dragging === null) return;
    const t = setTimeout(() => setDragging(null), 1500);
    return () => clearTimeout(t);
  }, [dragging]);

  if (!s.available) return null;
  const windowS = Math.max(REWIND_STEP_S, Math.round(s.windowS));
  const behind = dragging ?? (s.atEdge ? 0 : (s.behindS ?? 0));
  // Steps of 10 s counted from the live moment (the right end), so the edge is always a step.
  const min = windowS % REWIND_STEP_S;
  const value = Math.max(min, Math.round(windowS - behind));
  const text = s.atEdge && dragging === null ? m.player_at_live({}, o) : m.player_behind({ time: clock(behind) }, o);

  return (
    <span className="player-seek player-seek--live">
      <input
        type="range"
        min={min}
        max={windowS}
        step={REWIND_STEP_S}
        value={value}
        aria-label={m.player_rewind({}, o)}
        aria-valuetext={text}
        aria-keyshortcuts="ArrowLeft ArrowRight"
        onChange={(e) => {
          const b = windowS - Number(e.target.value);
          setDragging(b);
          rewindTo(b);
        }}
      />
      <span className="player-time">{text}</span>
      <button type="button" className="player-live" onClick={goLive} disabled={s.atEdge}>
        {m.player_go_live({}, o)}
      </button>
    </span>
  );
}
