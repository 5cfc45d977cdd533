import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $subscriptions, cancelRenewal, loadSubscriptions, unsubscribe } from '../../stores/luv-history.ts';
import { useMember } from '../my/use-member.ts';
import { subscriptionStatusLabel } from './labels.ts';
import './luv.css';

/** My channel subscriptions (SPEC §4 statuses, §9 prices): cancel renewal, unsubscribe. */
export default function SubscriptionsPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const { list, failure } = useStore($subscriptions);
  useEffect(() => {
    if (session.status === 'member') void loadSubscriptions();
  }, [session.status]);
  const error = failure ? failureText(failure, locale) : '';
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  const planLabel = (p: string) => (p === 'monthly' ? m.luv_plan_monthly({}, o) : p === '3months' ? m.luv_plan_3months({}, o) : m.luv_plan_1month({}, o));
  return (
    <div className="luv-page">
      <section className="luv-card" aria-labelledby="luv-subs-title">
        <h2 id="luv-subs-title">{m.luv_subs_title({}, o)}</h2>
        <p className="luv-muted">{m.luv_subs_prices({ monthly: won(3300, locale), three: won(9900, locale) }, o)}</p>
        {error && (
          <p className="luv-error" role="alert">
            {error}
          </p>
        )}
        {list && list.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
        {list && list.length > 0 && (
          <ul className="luv-list">
            {list.map((s) => (
              <li key={s.subscriptionId}>
                <span>
                  <a href={`/channels/${s.channelId}`}>{s.nickname ?? m.luv_subs_channel({ id: s.channelId }, o)}</a> ·{' '}
                  {m.channel_sub_plan_option({ plan: planLabel(s.plan), price: won(s.priceWon, locale) }, o)}
                </span>
                <span>
                  {subscriptionStatusLabel(s.status, locale)}
                  {s.periodEnd && <> · {m.luv_subs_until({ date: new Date(s.periodEnd).toLocaleDateString(locale) }, o)}</>}
                </span>
                <span className="luv-actions">
                  {s.status === 1 && s.plan === 'monthly' && (
                    <button type="button" className="flx-button flx-button--small" onClick={() => void cancelRenewal(s.subscriptionId)}>
                      {m.luv_subs_cancel_renewal({}, o)}
                    </button>
                  )}
                  {(s.status === 1 || s.status === 5) && (
                    <button type="button" className="flx-button flx-button--small" onClick={() => void unsubscribe(s.subscriptionId)}>
                      {m.luv_subs_unsubscribe({}, o)}
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
