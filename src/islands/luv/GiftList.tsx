import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { GIFT_PAGE_LIMIT, type GiftList as GiftListStore } from '../../stores/luv-history.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

interface Props {
  title: string;
  locale: Locale;
  unit: string;
  list: GiftListStore;
  /** Names item lines by their item; without it they show the item code. */
  itemName?: (itemCode: number) => string;
}

/** A paged list of gifts (received or sent, luv or items). */
export function GiftList({ title, locale, unit, list: store, itemName }: Props) {
  const o = { locale };
  const { offset, list, failure } = useStore(store.$state);
  const id = useId();
  useEffect(() => void store.show(0), [store]);
  const error = failure ? failureText(failure, locale) : '';
  return (
    <section className="luv-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <FormMessage className="luv-error">{error}</FormMessage>
      {list && list.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
      {list && list.length > 0 && (
        <ul className="luv-list">
          {list.map((g) => (
            <li key={g.transferId}>
              <span>
                <strong>{g.nickname}</strong>
                {g.message ? ` · ${g.message}` : ''}
              </span>
              <span>
                {g.itemCode === null
                  ? `${won(g.amount, locale)} ${unit}`
                  : itemName
                    ? m.luv_item_named_amount({ name: itemName(g.itemCode), count: g.amount }, o)
                    : m.luv_item_amount({ code: g.itemCode, count: g.amount }, o)}{' '}
                · <time dateTime={g.createdAt}>{new Date(g.createdAt).toLocaleString(locale)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="luv-actions">
        <button
          type="button"
          className="flx-button flx-button--small"
          disabled={offset === 0}
          onClick={() => void store.show(Math.max(0, offset - GIFT_PAGE_LIMIT))}
        >
          {m.luv_list_prev({}, o)}
        </button>
        <button
          type="button"
          className="flx-button flx-button--small"
          disabled={!list || list.length < GIFT_PAGE_LIMIT}
          onClick={() => void store.show(offset + GIFT_PAGE_LIMIT)}
        >
          {m.luv_list_next({}, o)}
        </button>
      </div>
    </section>
  );
}
