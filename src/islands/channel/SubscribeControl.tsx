import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { showMembersOnly } from '../../stores/modals.ts';
import {
  $subscription,
  cancelRenewal,
  choosePlan,
  closeSubscribe,
  isRunning,
  openSubscribe,
  PLAN_PRICES_WON,
  PLANS,
  resumeAfterCard,
  showChannelSubscription,
  subscribe,
  type ChannelSubscription,
  type Plan,
} from '../../stores/subscription.ts';
import { Dialog } from '../modals/Dialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

const day = (iso: string | null, locale: Locale) =>
  iso ? new Date(iso).toLocaleDateString(locale === 'ko' ? 'ko-KR' : 'en-US') : '';

function planLabel(plan: Plan, locale: Locale): string {
  const o = { locale };
  if (plan === 'monthly') return m.luv_plan_monthly({}, o);
  return plan === '3months' ? m.luv_plan_3months({}, o) : m.luv_plan_1month({}, o);
}

interface Props {
  locale: Locale;
  channelId: number;
  seed: ChannelSubscription | undefined;
}

/** The store's view of this channel, or the page's answer until the store holds it. */
function useChannelSubscription(channelId: number, seed: ChannelSubscription | undefined) {
  const s = useStore($subscription);
  const current = s.channelId === channelId;
  return { s, mine: current ? s.mine : (seed?.mine ?? null), count: current ? s.count : (seed?.count ?? 0) };
}

/** "Subscribers: n" (paid subscriptions running now). */
export function SubscriberCount({ locale, channelId, seed }: Props) {
  return <>{m.channel_subscribers({ count: useChannelSubscription(channelId, seed).count }, { locale })}</>;
}

/**
 * The subscribe button (members; guests get the members-only dialog) and its dialog (SPEC §9
 * plans). Also finishes a subscription when the page comes back from the card window.
 */
export function SubscribeButton({
  locale,
  channelId,
  nickname,
  member,
  seed,
}: Props & { nickname: string; member: boolean }) {
  const { s, mine } = useChannelSubscription(channelId, seed);
  useEffect(() => showChannelSubscription(channelId, seed), [channelId, seed]);
  useEffect(() => {
    if (member) resumeAfterCard(location.search);
  }, [member]);
  return (
    <>
      {!isRunning(mine) && (
        <button type="button" onClick={() => (member ? openSubscribe() : showMembersOnly())}>
          {m.channel_subscribe({}, { locale })}
        </button>
      )}
      {s.dialogOpen && <SubscribeDialog locale={locale} nickname={nickname} />}
    </>
  );
}

/** The member's subscription on this channel: until when, renewal on or off, and renewal cancel. */
export function SubscriptionState({ locale, channelId, seed }: Props) {
  const o = { locale };
  const { s, mine } = useChannelSubscription(channelId, seed);
  const renewing = mine?.status === 1 && mine.plan === 'monthly';
  if (!isRunning(mine) && !(s.failure && !s.dialogOpen)) return null;
  return (
    <div className="channel-subscription">
      {mine && isRunning(mine) && (
        <span role="status">
          {m.channel_sub_until({ date: day(mine.periodEnd, locale) }, o)} ·{' '}
          {renewing ? m.channel_sub_renewal_on({}, o) : m.channel_sub_renewal_off({}, o)}
        </span>
      )}
      {renewing && (
        <button type="button" disabled={s.busy} onClick={() => void cancelRenewal()}>
          {m.luv_subs_cancel_renewal({}, o)}
        </button>
      )}
      {s.failure && !s.dialogOpen && <span role="alert">{failureText(s.failure, locale)}</span>}
    </div>
  );
}

function SubscribeDialog({ locale, nickname }: { locale: Locale; nickname: string }) {
  const o = { locale };
  const s = useStore($subscription);
  const price = won(PLAN_PRICES_WON[s.plan], locale);
  return (
    <Dialog labelledBy="channel-sub-title" onCancel={closeSubscribe} className="channel-sub-dialog">
      <h2 id="channel-sub-title">{m.channel_sub_dialog_title({ nickname }, o)}</h2>
      {s.started && s.mine ? (
        <p role="status">{m.channel_sub_started({ date: day(s.mine.periodEnd, locale) }, o)}</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void subscribe();
          }}
        >
          <fieldset className="flx-segmented">
            <legend>{m.channel_sub_plan_legend({}, o)}</legend>
            {PLANS.map((plan) => (
              <label key={plan}>
                <input
                  type="radio"
                  name="plan"
                  value={plan}
                  checked={s.plan === plan}
                  onChange={() => choosePlan(plan)}
                />{' '}
                {m.channel_sub_plan_option(
                  { plan: planLabel(plan, locale), price: won(PLAN_PRICES_WON[plan], locale) },
                  o,
                )}
              </label>
            ))}
          </fieldset>
          {s.plan === 'monthly' && <p>{m.channel_sub_monthly_note({}, o)}</p>}
          {s.card !== null && <p>{s.card ? m.channel_sub_card_registered({}, o) : m.channel_sub_card_needed({}, o)}</p>}
          {s.cardWindowMessage !== null && (
            <FormMessage>
              {[m.channel_sub_card_closed({}, o), s.cardWindowMessage].filter(Boolean).join(' ')}
            </FormMessage>
          )}
          {s.failure && <FormMessage>{failureText(s.failure, locale)}</FormMessage>}
          <button type="submit" className="flx-button" disabled={s.busy || s.card === null} aria-busy={s.busy}>
            {s.card ? m.channel_sub_pay({ price }, o) : m.channel_sub_register_pay({}, o)}
          </button>
        </form>
      )}
      <button type="button" onClick={closeSubscribe}>
        {m.channel_sub_close({}, o)}
      </button>
    </Dialog>
  );
}
