import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { useMember } from '../my/use-member.ts';
import { luvApi, type ItemHolding } from './api.ts';
import { luvErrorText } from './errors.ts';
import { GiftList } from './GiftList.tsx';
import './luv.css';

/** My items: what I hold (by SPEC §3 item code), what I used and what my channel received. */
export default function MyItemsPage({ locale, itemCurrency }: { locale: Locale; itemCurrency: string }) {
  const o = { locale };
  const session = useMember();
  const [items, setItems] = useState<ItemHolding[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (session.status === 'member')
      luvApi.items(0, 100).then(
        (p) => setItems(p.list),
        (e) => setError(luvErrorText(e, locale)),
      );
  }, [session.status]);
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  return (
    <div className="luv-page">
      <section className="luv-card" aria-labelledby="luv-items-title">
        <h2 id="luv-items-title">{m.luv_items_held({}, o)}</h2>
        {error && (
          <p className="luv-error" role="alert">
            {error}
          </p>
        )}
        {items && items.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
        {items && items.length > 0 && (
          <ul className="luv-list">
            {items.map((i) => (
              <li key={i.itemCode}>
                <span>
                  <strong>{i.itemCode === 100 ? itemCurrency : locale === 'ko' ? i.nameKo : i.nameEn}</strong> ({i.itemCode})
                  {i.premium ? ` · ${m.luv_item_premium({}, o)}` : ''}
                </span>
                <span>{m.luv_item_count({ count: i.count }, o)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="luv-muted">{m.luv_items_use_hint({}, o)}</p>
      </section>
      <GiftList title={m.luv_items_used({}, o)} locale={locale} unit="" load={luvApi.usedItems} />
      <GiftList title={m.luv_items_received({}, o)} locale={locale} unit="" load={luvApi.receivedItems} />
    </div>
  );
}
