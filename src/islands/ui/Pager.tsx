import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import './pager.css';

/** Previous / next buttons for an offset-limit list; nothing while the list fits on one page. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  locale,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  locale: Locale;
}) {
  const o = { locale };
  if (total <= limit) return null;
  const position = { page: Math.floor(offset / limit) + 1, pages: Math.ceil(total / limit) };
  return (
    <nav className="ui-pager" aria-label={m.my_pager_label({}, o)}>
      <button
        type="button"
        className="flx-button flx-button--small"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        {m.my_pager_prev({}, o)}
      </button>
      <span>{m.my_pager_position(position, o)}</span>
      <button
        type="button"
        className="flx-button flx-button--small"
        disabled={offset + limit >= total}
        onClick={() => onChange(offset + limit)}
      >
        {m.my_pager_next({}, o)}
      </button>
    </nav>
  );
}
