import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import type { RecentList as RecentListStore } from '../../stores/my.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import { ListSkeleton } from '../ui/ListSkeleton.tsx';

/** A my-page list (recent views, subscriptions) whose entries can be removed. */
export function RecentList({ title, locale, list: store }: { title: string; locale: Locale; list: RecentListStore }) {
  const o = { locale };
  const { list, failure } = useStore(store.$state);
  useEffect(() => void store.load(), [store]);
  const error = failure ? failureText(failure, locale) : '';
  return (
    <section className="my-card" aria-label={title}>
      <h2>{title}</h2>
      <FormMessage className="my-error">{error}</FormMessage>
      {list && list.length === 0 && <p className="my-empty">{m.my_recent_empty({}, o)}</p>}
      {!list && !failure && <ListSkeleton locale={locale} rows={3} />}
      <ul className="my-list">
        {list?.map((item) => (
          <li key={`${item.channelId}-${item.streamId ?? ''}`}>
            <span className="my-list__main">
              <a href={channelPath(item.channelId)}>{item.title ?? item.nickname}</a>{' '}
              <span className="my-muted">
                {item.nickname}
                {item.viewedAt ? ` · ${formatDate(item.viewedAt, locale)}` : ''}
              </span>
            </span>
            {store.keyOf(item) !== null && (
              <button
                type="button"
                className="flx-button flx-button--small"
                aria-label={m.my_recent_remove_named({ name: item.title ?? item.nickname }, o)}
                onClick={() => void store.remove(item)}
              >
                {m.cs_delete({}, o)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
