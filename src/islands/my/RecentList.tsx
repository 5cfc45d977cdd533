import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { StreamCard } from './api.ts';
import { errorText, formatDate } from './errors.ts';

/** A my-page list (recent views, subscriptions) whose entries can be removed. */
export function RecentList({
  title,
  locale,
  load,
  remove,
  keyOf,
}: {
  title: string;
  locale: Locale;
  load: () => Promise<{ list: StreamCard[] }>;
  remove: (item: StreamCard) => Promise<unknown>;
  keyOf: (item: StreamCard) => number | null;
}) {
  const o = { locale };
  const [list, setList] = useState<StreamCard[] | null>(null);
  const [error, setError] = useState('');
  const reload = () =>
    load().then(
      (r) => setList(r.list),
      (err) => setError(errorText(err, locale)),
    );
  useEffect(() => {
    void reload();
  }, []);
  return (
    <section className="my-card" aria-label={title}>
      <h2>{title}</h2>
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      {list && list.length === 0 && <p className="my-empty">{m.my_recent_empty({}, o)}</p>}
      <ul className="my-list">
        {list?.map((item) => (
          <li key={`${item.channelId}-${item.streamId ?? ''}`}>
            <span className="my-list__main">
              <a href={`/channels/${item.loginId}`}>{item.title ?? item.nickname}</a>{' '}
              <span className="my-muted">
                {item.nickname}
                {item.viewedAt ? ` · ${formatDate(item.viewedAt, locale)}` : ''}
              </span>
            </span>
            {keyOf(item) !== null && (
              <button
                type="button"
                className="flx-button flx-button--small"
                aria-label={m.my_recent_remove_named({ name: item.title ?? item.nickname }, o)}
                onClick={() => void remove(item).then(reload, (err) => setError(errorText(err, locale)))}
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
