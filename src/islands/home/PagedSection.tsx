import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { PREFETCH_ROOT_MARGIN_PX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { PagedList } from '../../stores/paged-list.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

export interface PagedSectionProps<T> {
  locale: Locale;
  /** Id of the heading, which names the section. */
  id: string;
  heading: string;
  empty: string;
  list: PagedList<T>;
  keyOf(item: T): string | number;
  render(item: T): ReactNode;
  /** Shown between the heading and the list (filters). */
  before?: ReactNode;
  listClassName?: string;
  /** Placeholder stream tiles shown while the first page loads, so the page does not shift when it comes. */
  skeleton?: number;
}

/**
 * A home list: heading, loading, empty and error states (with a retry), and the next page asked for
 * when the end of the list comes within PREFETCH_ROOT_MARGIN_PX of the viewport.
 */
export function PagedSection<T>({
  locale,
  id,
  heading,
  empty,
  list,
  keyOf,
  render,
  before,
  listClassName = 'stream-grid',
  skeleton = 0,
}: PagedSectionProps<T>) {
  const o = { locale };
  const s = useStore(list.$state);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (s.status === 'idle') void list.loadMore();
  }, [list, s.status]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || s.status !== 'ready' || s.done) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && void list.loadMore(),
      {
        rootMargin: `${PREFETCH_ROOT_MARGIN_PX}px`,
      },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [list, s.status, s.done, s.items.length]);

  return (
    <section aria-labelledby={id} className="home-section" aria-busy={s.status === 'loading' || s.status === 'idle'}>
      <h2 id={id}>{heading}</h2>
      {before}
      {s.items.length > 0 && (
        <ul className={listClassName}>
          {s.items.map((item) => (
            <Fragment key={keyOf(item)}>{render(item)}</Fragment>
          ))}
        </ul>
      )}
      {(s.status === 'loading' || s.status === 'idle') && s.items.length === 0 && skeleton > 0 && (
        <ul className={listClassName} aria-hidden="true">
          {Array.from({ length: skeleton }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className="stream-card stream-card--skeleton">
              <span className="stream-thumb" />
              <span className="stream-title">&nbsp;</span>
              <span className="stream-meta">&nbsp;</span>
            </li>
          ))}
        </ul>
      )}
      {(s.status === 'loading' || s.status === 'idle') && (
        <p className={s.items.length === 0 && skeleton > 0 ? 'visually-hidden' : 'home-state'} role="status">
          {m.home_loading({}, o)}
        </p>
      )}
      {s.status === 'ready' && s.items.length === 0 && <p className="home-state">{empty}</p>}
      {s.status === 'error' && (
        <FormMessage className="home-state">
          {m.home_error({}, o)}{' '}
          <button type="button" onClick={() => void list.retry()}>
            {m.home_retry({}, o)}
          </button>
        </FormMessage>
      )}
      {s.status === 'ready' && !s.done && <div ref={sentinel} className="home-sentinel" aria-hidden="true" />}
    </section>
  );
}
