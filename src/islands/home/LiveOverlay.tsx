import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from '../../stores/channel.ts';
import './live-overlay.css';

/** `h:mm:ss` (or `m:ss` under an hour) of a live that started at `startedAt`, as of `now`. */
export function uptimeText(startedAt: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const [h, min, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(min)}:${pad(sec)}` : `${min}:${pad(sec)}`;
}

/** A live card's viewers now and time on air, over its thumbnail (as of when the list was drawn). */
export function LiveOverlay({ locale, card }: { locale: Locale; card: StreamCard }) {
  const o = { locale };
  return (
    <span className="live-overlay">
      <span className="live-overlay__viewers">{m.chat_viewers({ count: card.viewers }, o)}</span>
      {card.startedAt && (
        <span className="live-overlay__uptime">
          {m.card_uptime({ time: uptimeText(card.startedAt, Date.now()) }, o)}
        </span>
      )}
    </span>
  );
}
