import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { GUIDE_SEARCH_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { CS_PAGE_LIMIT, csTexts, type TextKind } from '../../stores/cs.ts';
import { Pager } from '../ui/Pager.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

/** Notices, developer notices or guides (with a title search): public, paged, expandable. */
export function TextList({ kind, locale }: { kind: TextKind; locale: Locale }) {
  const o = { locale };
  const list = csTexts[kind];
  const { offset, search, page, failure } = useStore(list.$state);
  const [query, setQuery] = useState('');
  useEffect(() => void list.open(), [list]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void list.search(query);
  };
  const error = failure ? failureText(failure, locale) : '';
  return (
    <div>
      {kind === 'guide' && (
        <form className="my-form" role="search" onSubmit={submit}>
          <label>
            {m.cs_guide_search_label({}, o)}
            <input
              type="search"
              name="title"
              value={query}
              maxLength={GUIDE_SEARCH_LENGTH_MAX}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--small">
              {m.cs_guide_search({}, o)}
            </button>
          </div>
        </form>
      )}
      <FormMessage className="my-error">{error}</FormMessage>
      {page && page.list.length === 0 && (
        <p className="my-empty">{search ? m.cs_guide_no_match({ title: search }, o) : m.cs_list_empty({}, o)}</p>
      )}
      <ul className="my-list">
        {page?.list.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's rows are replaced whole, never reordered
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
      {page && (
        <Pager
          offset={offset}
          limit={CS_PAGE_LIMIT}
          total={page.total}
          onChange={(next) => void list.show(next)}
          locale={locale}
        />
      )}
    </div>
  );
}
