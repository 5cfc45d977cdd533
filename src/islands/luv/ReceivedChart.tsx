import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';

/** Received luv per day as an SVG bar chart, with a table-like text alternative for screen readers. */
export function ReceivedChart({
  daily,
  locale,
  currency,
}: {
  daily: { day: string; luv: number }[];
  locale: Locale;
  currency: string;
}) {
  const max = Math.max(1, ...daily.map((d) => d.luv));
  const w = 100 / Math.max(1, daily.length);
  const total = daily.reduce((s, d) => s + d.luv, 0);
  return (
    <figure>
      <svg
        className="luv-chart"
        viewBox="0 0 100 50"
        preserveAspectRatio="none"
        role="img"
        aria-label={m.luv_chart_label({ days: daily.length, total: won(total, locale), currency }, { locale })}
      >
        {daily.map((d, i) => {
          const h = (d.luv / max) * 48;
          return (
            <rect key={d.day} x={i * w + w * 0.1} y={50 - h} width={w * 0.8} height={h}>
              <title>{`${d.day}: ${won(d.luv, locale)} ${currency}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="luv-muted">{m.luv_chart_caption({ days: daily.length }, { locale })}</figcaption>
    </figure>
  );
}
