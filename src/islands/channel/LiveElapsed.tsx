import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $liveTime, clockText, loadLiveTime } from '../../stores/live-time.ts';

/** "Live for 1:02:03": a clock that ticks every second while the channel is on the air. */
export function LiveElapsed({ channelId, locale }: { channelId: number; locale: Locale }) {
  const s = useStore($liveTime);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => void loadLiveTime(channelId), [channelId]);
  const mine = s.channelId === channelId;
  const started = mine ? s.startedAtMs : null;
  useEffect(() => {
    if (started === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [started]);
  // Until the API answers, an invisible line of the same height holds the place: the watch button
  // and the board link below do not move under a finger when the clock arrives.
  if (!mine || s.status === 'loading')
    return (
      <p className="live-elapsed live-elapsed-pending" aria-hidden="true">
        {m.channel_live_elapsed({}, { locale })} <time>{clockText(0)}</time>
      </p>
    );
  if (started === null) return null;
  const seconds = Math.max(0, Math.floor((now - started) / 1000));
  return (
    <p className="live-elapsed">
      {m.channel_live_elapsed({}, { locale })}{' '}
      {/* role timer: not announced on every tick; read when the reader reaches it. */}
      <time role="timer" dateTime={`PT${seconds}S`}>
        {clockText(seconds)}
      </time>
    </p>
  );
}
