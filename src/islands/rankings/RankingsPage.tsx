import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $rankings, loadRankings, RANKINGS_PAGE_SIZE } from '../../stores/rankings.ts';
import { useMember } from '../ui/use-member.ts';
import '../my/my.css';
import '../ui/pager.css';
import './rankings.css';

type Ranking = StoreValue<typeof $rankings>['list'][number];

/** A ranked channel: rank, name and title, live badge, followers; the rank read out after the row. */
function RankingRow({ ranking: r, locale }: { ranking: Ranking; locale: Locale }) {
  const o = { locale };
  return (
    <li>
      <span className="ranking-rank" aria-hidden="true">
        {r.rank}
      </span>
      <span className="ranking-main">
        <a href={channelPath(r.channelId)}>{r.nickname}</a>
        <span className="my-muted">{r.title ?? ''}</span>
      </span>
      <span className="ranking-side">
        {r.broadcasting && <span className="my-badge">{m.ranking_live({}, o)}</span>}
        <span>{m.ranking_followers({ count: r.followers.toLocaleString(locale) }, o)}</span>
      </span>
      <span className="visually-hidden">{m.ranking_rank_label({ rank: r.rank }, o)}</span>
    </li>
  );
}

/** Channels ranked by followers, ten a page, with the member's own channel rank when they have one. */
export default function RankingsPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const { status, list, me, offset, more, failure } = useStore($rankings);
  useEffect(() => {
    if (session.status === 'member') void loadRankings(0);
  }, [session.status]);
  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;
  const count = (n: number) => n.toLocaleString(locale);
  return (
    <div className="my-page" aria-busy={status === 'loading'}>
      {me && (
        <p className="my-card ranking-me" role="status">
          {m.ranking_me({ rank: count(me.rank), followers: count(me.followers) }, o)}
        </p>
      )}
      <section className="my-card" aria-labelledby="ranking-list-title">
        <h2 id="ranking-list-title">{m.ranking_list_title({}, o)}</h2>
        {status === 'loading' && list.length === 0 && <p className="my-muted">{m.ranking_loading({}, o)}</p>}
        {status === 'error' && (
          <div role="alert" className="my-error">
            <p>{failure ? failureText(failure, locale, m.ranking_error({}, o)) : m.ranking_error({}, o)}</p>
            <button type="button" className="flx-button flx-button--small" onClick={() => void loadRankings(offset)}>
              {m.ranking_retry({}, o)}
            </button>
          </div>
        )}
        {status === 'ready' && list.length === 0 && <p className="my-empty">{m.ranking_empty({}, o)}</p>}
        {list.length > 0 && (
          <ol className="ranking-list" start={offset + 1}>
            {list.map((r) => (
              <RankingRow key={r.channelId} ranking={r} locale={locale} />
            ))}
          </ol>
        )}
        {(offset > 0 || more) && (
          <nav className="ui-pager" aria-label={m.my_pager_label({}, o)}>
            <button
              type="button"
              className="flx-button flx-button--small"
              disabled={offset === 0 || status === 'loading'}
              onClick={() => void loadRankings(Math.max(0, offset - RANKINGS_PAGE_SIZE))}
            >
              {m.my_pager_prev({}, o)}
            </button>
            <button
              type="button"
              className="flx-button flx-button--small"
              disabled={!more || status === 'loading'}
              onClick={() => void loadRankings(offset + RANKINGS_PAGE_SIZE)}
            >
              {m.my_pager_next({}, o)}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
