import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { EXCHANGE_EVENT_TOTAL_LUV, WITHDRAW_MIN_LUV } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $exchange, applyExchange, openExchange, type ExchangeState } from '../../stores/luv-exchange.ts';
import { useMember } from '../ui/use-member.ts';
import { withdrawalStatusLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './luv.css';

interface SectionProps {
  s: ExchangeState;
  locale: Locale;
  currency: string;
}

const luvText = (x: number, locale: Locale, currency: string) => `${won(x, locale)} ${currency}`;

/** The event's rate, total, applied so far and what is left. */
function EventSection({ s, locale, currency }: SectionProps) {
  const o = { locale };
  const event = s.event;
  const luv = (x: number) => luvText(x, locale, currency);
  return (
    <section className="luv-card" aria-labelledby="exchange-event-title">
      <h2 id="exchange-event-title">{m.exchange_event_title({}, o)}</h2>
      {event === null && !s.failure && <p aria-busy="true">{m.items_loading({}, o)}</p>}
      {event && (
        <dl className="luv-stats">
          <div>
            <dt>{m.exchange_rate({}, o)}</dt>
            <dd data-testid="exchange-rate">
              {m.exchange_rate_value({ rate: won(event.rateWonPerLuv, locale), currency }, o)}
            </dd>
          </div>
          <div>
            <dt>{m.exchange_total({}, o)}</dt>
            <dd data-testid="exchange-total">{luv(event.totalLuv)}</dd>
          </div>
          <div>
            <dt>{m.exchange_now({}, o)}</dt>
            <dd data-testid="exchange-now">{luv(event.nowLuv)}</dd>
          </div>
          <div>
            <dt>{m.exchange_left({}, o)}</dt>
            <dd data-testid="exchange-left">{luv(Math.max(0, event.totalLuv - event.nowLuv))}</dd>
          </div>
        </dl>
      )}
      <p className="luv-muted">{m.exchange_intro({ currency }, o)}</p>
    </section>
  );
}

/** The BJ's applications: amount, what it pays in won, state and time. */
function ApplicationsSection({ s, locale, currency }: SectionProps) {
  const o = { locale };
  return (
    <section className="luv-card" aria-labelledby="exchange-list-title">
      <h2 id="exchange-list-title">{m.exchange_list_title({}, o)}</h2>
      {s.list === null ? (
        !s.failure && <p aria-busy="true">{m.items_loading({}, o)}</p>
      ) : s.list.length === 0 ? (
        <p className="luv-muted">{m.luv_list_empty({}, o)}</p>
      ) : (
        <ul className="luv-list">
          {s.list.map((w) => (
            <li key={w.withdrawId}>
              <span>
                {luvText(w.amount, locale, currency)} → {won(w.netWon, locale)} {m.luv_won({}, o)}
              </span>
              <span>
                {withdrawalStatusLabel(w.status, locale)} ·{' '}
                <time dateTime={w.createdAt}>{new Date(w.createdAt).toLocaleString(locale)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The exchange event for BJs: rate, total, applied so far and what is left, apply with an amount,
 * and the BJ's applications.
 */
export default function ExchangePage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const s = useStore($exchange);
  const [amount, setAmount] = useState('');
  useEffect(() => {
    if (session.status === 'member') void openExchange();
  }, [session.status]);
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;

  const n = Number(amount);
  const valid = /^\d+$/.test(amount) && n >= WITHDRAW_MIN_LUV && n <= EXCHANGE_EVENT_TOTAL_LUV;
  const event = s.event;
  const received = s.received === null ? '…' : luvText(s.received, locale, currency);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (valid && (await applyExchange(n))) setAmount('');
  }

  return (
    <div className="luv-page">
      <EventSection s={s} locale={locale} currency={currency} />
      <form className="luv-card luv-form" onSubmit={(e) => void submit(e)} aria-labelledby="exchange-apply-title">
        <h2 id="exchange-apply-title">{m.exchange_apply_title({}, o)}</h2>
        <p>
          {m.exchange_received({ currency }, o)} <strong data-testid="exchange-received">{received}</strong>
        </p>
        <label>
          {m.exchange_amount({ currency }, o)}
          <input
            type="number"
            min={WITHDRAW_MIN_LUV}
            step={1}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\s+/g, ''))}
            aria-describedby="exchange-amount-hint"
          />
        </label>
        <p id="exchange-amount-hint" className="luv-muted" aria-live="polite">
          {valid && event
            ? m.exchange_estimate({ won: won(n * event.rateWonPerLuv, locale) }, o)
            : m.exchange_minimum({ amount: won(WITHDRAW_MIN_LUV, locale), currency }, o)}
        </p>
        <button type="submit" className="flx-button flx-button--primary" disabled={s.busy || !valid} aria-busy={s.busy}>
          {m.exchange_apply({}, o)}
        </button>
        {s.applied !== null && (
          <p className="luv-ok" role="status">
            {m.exchange_applied({ amount: won(s.applied, locale), currency }, o)}
          </p>
        )}
        {s.failure && <FormMessage className="luv-error">{failureText(s.failure, locale)}</FormMessage>}
      </form>
      <ApplicationsSection s={s} locale={locale} currency={currency} />
    </div>
  );
}
