import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { errorText, formatDate } from '../my/errors.ts';
import { Pager } from '../my/Pager.tsx';
import { CS_PAGE_LIMIT, listGuides, listNotices, type Page } from './api.ts';

interface Item {
  title: string;
  content: string;
  createdAt: string;
}

/** Notices, developer notices or guides (with a title search): public, paged, expandable. */
export function TextList({ kind, locale }: { kind: 'notice' | 'develop' | 'guide'; locale: Locale }) {
  const o = { locale };
  const [offset, setOffset] = useState(0);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<Page<Item> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const load = kind === 'guide' ? listGuides(offset, search) : listNotices(kind, offset);
    load.then(
      (p) => setPage(p as Page<Item>),
      (err) => setError(errorText(err, locale)),
    );
  }, [kind, offset, search, locale]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOffset(0);
    setSearch(query.trim());
  };
  return (
    <div>
      {kind === 'guide' && (
        <form className="my-form" role="search" onSubmit={submit}>
          <label>
            {m.cs_guide_search_label({}, o)}
            <input type="search" name="title" value={query} maxLength={50} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--small">
              {m.cs_guide_search({}, o)}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="my-error" role="alert">
          {error}
        </p>
      )}
      {page && page.list.length === 0 && <p className="my-empty">{search ? m.cs_guide_no_match({ title: search }, o) : m.cs_list_empty({}, o)}</p>}
      <ul className="my-list">
        {page?.list.map((item, i) => (
          <li key={`${offset}-${i}`}>
            <details className="my-list__main">
              <summary>
                {item.title} <span className="my-muted">{formatDate(item.createdAt, locale)}</span>
              </summary>
              <p className="my-pre">{item.content}</p>
            </details>
          </li>
        ))}
      </ul>
      {page && <Pager offset={offset} limit={CS_PAGE_LIMIT} total={page.total} onChange={setOffset} locale={locale} />}
    </div>
  );
}
