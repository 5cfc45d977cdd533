import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { SUBSCRIPTION_PRICE_3_MONTHS_WON, SUBSCRIPTION_PRICE_MONTHLY_WON } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { channelPath } from '../../../domain/routes.ts';
import type { SubscriptionPlan } from '../../../domain/schemas/subscriptions.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $subscriptions, cancelRenewal, loadSubscriptions, unsubscribe } from '../../stores/luv-history.ts';
import { useMember } from '../ui/use-member.ts';
import { subscriptionStatusLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './luv.css';

const PLAN_LABELS: Record<SubscriptionPlan, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
  monthly: m.luv_plan_monthly,
  '1month': m.luv_plan_1month,
  '3months': m.luv_plan_3months,
};
const RENEWS: SubscriptionPlan = 'monthly';

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
  const planLabel = (p: string) => (PLAN_LABELS[p as SubscriptionPlan] ?? PLAN_LABELS['1month'])({}, o);
  return (
    <div className="luv-page">
      <section className="luv-card" aria-labelledby="luv-subs-title">
        <h2 id="luv-subs-title">{m.luv_subs_title({}, o)}</h2>
        <p className="luv-muted">
          {m.luv_subs_prices(
            {
              monthly: won(SUBSCRIPTION_PRICE_MONTHLY_WON, locale),
              three: won(SUBSCRIPTION_PRICE_3_MONTHS_WON, locale),
            },
            o,
          )}
        </p>
        <FormMessage className="luv-error">{error}</FormMessage>
        {list && list.length === 0 && <p className="luv-muted">{m.luv_list_empty({}, o)}</p>}
        {list && list.length > 0 && (
          <ul className="luv-list">
            {list.map((s) => (
              <li key={s.subscriptionId}>
                <span>
                  <a href={channelPath(s.channelId)}>{s.nickname ?? m.luv_subs_channel({ id: s.channelId }, o)}</a> ·{' '}
                  {m.channel_sub_plan_option({ plan: planLabel(s.plan), price: won(s.priceWon, locale) }, o)}
                </span>
                <span>
                  {subscriptionStatusLabel(s.status, locale)}
                  {s.periodEnd && (
                    <> · {m.luv_subs_until({ date: new Date(s.periodEnd).toLocaleDateString(locale) }, o)}</>
                  )}
                </span>
                <span className="luv-actions">
                  {s.status === 1 && s.plan === RENEWS && (
                    <button
                      type="button"
                      className="flx-button flx-button--small"
                      onClick={() => void cancelRenewal(s.subscriptionId)}
                    >
                      {m.luv_subs_cancel_renewal({}, o)}
                    </button>
                  )}
                  {(s.status === 1 || s.status === 5) && (
                    <button
                      type="button"
                      className="flx-button flx-button--small"
                      onClick={() => void unsubscribe(s.subscriptionId)}
                    >
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
