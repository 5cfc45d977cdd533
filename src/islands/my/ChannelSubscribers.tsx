import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import {
  $channelSubscribers,
  CHANNEL_SUBSCRIBERS_PAGE,
  loadChannelSubscribers,
} from '../../stores/my-channel-subscribers.ts';
import { subscriptionStatusLabel } from '../luv/labels.ts';
import { Pager } from '../ui/Pager.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

const planLabel = (plan: string, o: { locale: Locale }) =>
  plan === 'monthly'
    ? m.luv_plan_monthly({}, o)
    : plan === '3months'
      ? m.luv_plan_3months({}, o)
      : m.luv_plan_1month({}, o);

/** The owner's paid subscribers: who, which plan, which status (SPEC §4), until when. */
export function ChannelSubscribers({ locale }: { locale: Locale }) {
  const o = { locale };
  const { list, total, active, offset, failure } = useStore($channelSubscribers);
  useEffect(() => void loadChannelSubscribers(), []);
  return (
    <section className="my-card" aria-labelledby="bj-subscribers-title">
      <h2 id="bj-subscribers-title">{m.my_channel_subscribers_title({}, o)}</h2>
      {failure && <FormMessage className="my-error">{failureText(failure, locale)}</FormMessage>}
      {list && <p className="my-muted">{m.my_channel_subscribers_summary({ active, total }, o)}</p>}
      {list && list.length === 0 && <p className="my-muted">{m.my_channel_subscribers_empty({}, o)}</p>}
      {list && list.length > 0 && (
        <ul className="my-list">
          {list.map((s) => (
            <li key={s.subscriptionId}>
              <span>
                {s.nickname} ({s.loginId})
              </span>{' '}
              <span>
                {m.channel_sub_plan_option({ plan: planLabel(s.plan, o), price: won(s.priceWon, locale) }, o)} ·{' '}
                {subscriptionStatusLabel(s.status, locale)}
                {s.periodEnd && (
                  <> · {m.luv_subs_until({ date: new Date(s.periodEnd).toLocaleDateString(locale) }, o)}</>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager
        offset={offset}
        limit={CHANNEL_SUBSCRIBERS_PAGE}
        total={total}
        onChange={(next) => void loadChannelSubscribers(next)}
        locale={locale}
      />
    </section>
  );
}
