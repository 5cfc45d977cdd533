import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

interface Props {
  locale: Locale;
  /** How many rows to draw (the page's usual first screen). */
  rows?: number;
  /** Cards with a 16:9 picture (live and recording lists) instead of text rows. */
  cards?: boolean;
}

/**
 * Shapes where a loading list's rows will be (design system, issue #39): the page keeps its height
 * while the list loads, and a screen reader hears that it is loading (role="status"), not empty boxes.
 */
export function ListSkeleton({ locale, rows = 3, cards = false }: Props) {
  return (
    <div role="status" aria-busy="true" className="flx-skeleton-wrap">
      <span className="visually-hidden">{m.ui_loading_list({}, { locale })}</span>
      <ul className={`flx-skeleton${cards ? ' flx-skeleton--cards' : ''}`} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="flx-skeleton__row">
            {cards && <span className="flx-skeleton__block" />}
            <span className="flx-skeleton__line" />
            <span className="flx-skeleton__line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
