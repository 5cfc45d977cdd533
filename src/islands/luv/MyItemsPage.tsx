import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $itemNames, itemName, loadItemCatalogue } from '../../stores/items.ts';
import { $myItems, loadItems, receivedItemList, usedItemList } from '../../stores/luv-history.ts';
import { useMember } from '../ui/use-member.ts';
import { GiftList } from './GiftList.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { ListSkeleton } from '../ui/ListSkeleton.tsx';
import './luv.css';

/** My items: what I hold (by SPEC §3 item code), my item totals, what I used and what my channel received. */
export default function MyItemsPage({ locale, itemCurrency }: { locale: Locale; itemCurrency: string }) {
  const o = { locale };
  const session = useMember();
  const { list: items, sum, failure } = useStore($myItems);
  const names = useStore($itemNames);
  useEffect(() => void loadItemCatalogue(locale, itemCurrency), []);
  useEffect(() => {
    if (session.status === 'member') void loadItems();
  }, [session.status]);
  const error = failure ? failureText(failure, locale) : '';
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  const nameOf = (code: number) => itemName(names, code);
  return (
    <div className="luv-page">
      <section className="luv-card" aria-labelledby="luv-items-title">
        <h2 id="luv-items-title">{m.luv_items_held({}, o)}</h2>
        <FormMessage className="luv-error">{error}</FormMessage>
        {items === null && !error && <ListSkeleton locale={locale} rows={3} />}
        {items && items.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
        {items && items.length > 0 && (
          <ul className="luv-list">
            {items.map((i) => (
              <li key={i.itemCode}>
                <span>
                  <strong>{nameOf(i.itemCode)}</strong>
                  {i.premium ? ` · ${m.luv_item_premium({}, o)}` : ''}
                </span>
                <span>{m.luv_item_count({ count: i.count }, o)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="luv-muted">{m.luv_items_use_hint({}, o)}</p>
      </section>
      <section className="luv-card" aria-labelledby="luv-items-sum-title">
        <h2 id="luv-items-sum-title">{m.items_sum_title({}, o)}</h2>
        <dl className="luv-stats">
          <div>
            <dt>{m.items_sum_sent({}, o)}</dt>
            <dd data-testid="items-sum-sent">{sum ? m.items_sum_count({ count: won(sum.sent, locale) }, o) : '…'}</dd>
          </div>
          <div>
            <dt>{m.items_sum_received({}, o)}</dt>
            <dd data-testid="items-sum-received">
              {sum ? m.items_sum_count({ count: won(sum.received, locale) }, o) : '…'}
            </dd>
          </div>
        </dl>
      </section>
      <GiftList title={m.luv_items_used({}, o)} locale={locale} unit="" list={usedItemList} itemName={nameOf} />
      <GiftList title={m.luv_items_received({}, o)} locale={locale} unit="" list={receivedItemList} itemName={nameOf} />
    </div>
  );
}
