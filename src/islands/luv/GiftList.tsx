import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { GiftLine, Page } from './api.ts';
import { luvErrorText, won } from './errors.ts';

const LIMIT = 10;

/** A paged list of gifts (received or sent, luv or items). */
export function GiftList({
  title,
  locale,
  unit,
  load,
}: {
  title: string;
  locale: Locale;
  unit: string;
  load: (offset: number, limit: number) => Promise<Page<GiftLine>>;
}) {
  const o = { locale };
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<GiftLine[] | null>(null);
  const [error, setError] = useState('');
  const id = useId();
  useEffect(() => {
    load(offset, LIMIT).then(
      (p) => setList(p.list),
      (e) => setError(luvErrorText(e, locale)),
    );
  }, [offset]);
  return (
    <section className="luv-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
      {list && list.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
      {list && list.length > 0 && (
        <ul className="luv-list">
          {list.map((g) => (
            <li key={g.transferId}>
              <span>
                <strong>{g.nickname}</strong> ({g.loginId}){g.message ? ` · ${g.message}` : ''}
              </span>
              <span>
                {g.itemCode !== null ? m.luv_item_amount({ code: g.itemCode, count: g.amount }, o) : `${won(g.amount, locale)} ${unit}`} ·{' '}
                <time dateTime={g.createdAt}>{new Date(g.createdAt).toLocaleString(locale)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="luv-actions">
        <button type="button" className="flx-button flx-button--small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - LIMIT))}>
          {m.luv_list_prev({}, o)}
        </button>
        <button type="button" className="flx-button flx-button--small" disabled={!list || list.length < LIMIT} onClick={() => setOffset(offset + LIMIT)}>
          {m.luv_list_next({}, o)}
        </button>
      </div>
    </section>
  );
}
