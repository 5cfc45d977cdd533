import type { Locale } from '../../../domain/locales.ts';
import type { EventBanner } from '../../stores/home.ts';

/** EVENT: one running event as a small banner card. */
export function EventCardView({ locale, event }: { locale: Locale; event: EventBanner }) {
  return (
    <li className="home-banner">
      <a href={event.link} style={{ background: `linear-gradient(135deg, ${event.colors[0]}, ${event.colors[1]})` }}>
        <strong>{event.title[locale]}</strong>
        <span>{event.body[locale]}</span>
      </a>
    </li>
  );
}
