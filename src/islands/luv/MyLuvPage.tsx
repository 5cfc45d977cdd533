import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { pageOffers } from '../../lib/page-offers.ts';
import { m } from '../../paraglide/messages.js';
import { $luvBalance } from '../../stores/luv.ts';
import {
  $myLuv,
  $spendingCaps,
  loadCaps,
  loadMyLuv,
  receivedLuvList,
  saveCaps,
  sentLuvList,
} from '../../stores/luv-history.ts';
import { useMember } from '../ui/use-member.ts';
import { GiftList } from './GiftList.tsx';
import { methodLabel, paymentStatusLabel } from './labels.ts';
import { PaymentFailureNote } from './PaymentFailureNote.tsx';
import { PendingLuv } from './PendingLuv.tsx';
import { ReceivedChart } from './ReceivedChart.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import './luv.css';

type MyLuv = StoreValue<typeof $myLuv>;

interface PartProps {
  locale: Locale;
  currency: string;
}

/** The balance, luv received today, this month and in all, the way to the shop and the received chart. */
function SummarySection({ summary, locale, currency }: PartProps & { summary: MyLuv['summary'] }) {
  const o = { locale };
  const balance = useStore($luvBalance);
  return (
    <section className="luv-card" aria-labelledby="luv-summary-title">
      <h2 id="luv-summary-title">{m.luv_summary_title({ currency }, o)}</h2>
      <dl className="luv-stats">
        <div>
          <dt>{m.luv_balance({ currency }, o)}</dt>
          <dd data-testid="luv-balance">{balance === null ? '…' : won(balance, locale)}</dd>
        </div>
        {summary && (
          <div>
            <dt>{m.luv_received_today({ currency }, o)}</dt>
            <dd>{won(summary.today, locale)}</dd>
          </div>
        )}
        {summary && (
          <div>
            <dt>{m.luv_received_month({ currency }, o)}</dt>
            <dd>{won(summary.month, locale)}</dd>
          </div>
        )}
        {summary && (
          <div>
            <dt>{m.luv_received_total({ currency }, o)}</dt>
            <dd>{won(summary.total, locale)}</dd>
          </div>
        )}
      </dl>
      {pageOffers(PAGE.luvShop) && (
        <p className="luv-actions">
          <a className="flx-button flx-button--small flx-button--primary" href={PAGE.luvShop}>
            {m.luv_go_shop({ currency }, o)}
          </a>
        </p>
      )}
      {summary && <ReceivedChart daily={summary.daily} locale={locale} currency={currency} />}
    </section>
  );
}

/** The latest payments: luv or a subscription, won, method, state, and why a failed one failed. */
function PaymentsSection({ payments, locale, currency }: PartProps & { payments: MyLuv['payments'] }) {
  const o = { locale };
  return (
    <section className="luv-card" aria-labelledby="luv-payments-title">
      <h2 id="luv-payments-title">{m.luv_payments_title({}, o)}</h2>
      {payments.length === 0 ? (
        <p className="luv-muted">{m.luv_list_empty({}, o)}</p>
      ) : (
        <ul className="luv-list">
          {payments.map((p) => (
            <li key={p.paymentId}>
              <span>
                {p.luv > 0 ? `${won(p.luv, locale)} ${currency}` : m.luv_payment_subscription({}, o)} ·{' '}
                {won(p.amountWon, locale)} {m.luv_won({}, o)} · {methodLabel(p.method, locale)}
              </span>
              <span>
                {paymentStatusLabel(p.status, locale)} ·{' '}
                <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleString(locale)}</time>
              </span>
              {p.failureCode && <PaymentFailureNote paymentId={p.paymentId} locale={locale} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The coupons the member redeemed, with when. */
function CouponsSection({ coupons, locale, currency }: PartProps & { coupons: MyLuv['coupons'] }) {
  const o = { locale };
  return (
    <section className="luv-card" aria-labelledby="luv-coupons-title">
      <h2 id="luv-coupons-title">{m.luv_coupons_title({}, o)}</h2>
      {coupons.length === 0 ? (
        <p className="luv-muted">{m.luv_list_empty({}, o)}</p>
      ) : (
        <ul className="luv-list">
          {coupons.map((c) => (
            <li key={c.code}>
              <span>{m.luv_coupon_line({ code: c.code, amount: won(c.luv, locale), currency }, o)}</span>
              <time dateTime={c.usedAt}>{new Date(c.usedAt).toLocaleString(locale)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** My luv: balance, received luv over time, received and sent gifts, payment history, spending limits. */
export default function MyLuvPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const { summary, payments, coupons, failure } = useStore($myLuv);
  useEffect(() => {
    if (session.status === 'member') void loadMyLuv();
  }, [session.status]);
  const error = failure ? failureText(failure, locale) : '';
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  return (
    <div className="luv-page">
      <SummarySection summary={summary} locale={locale} currency={currency} />
      <FormMessage className="luv-error">{error}</FormMessage>
      <GiftList title={m.luv_received_list({ currency }, o)} locale={locale} unit={currency} list={receivedLuvList} />
      {/* Withdrawals and coupons only where the brand has them: their calls answer 403 elsewhere. */}
      {pageOffers(PAGE.myWithdraw) && <PendingLuv locale={locale} currency={currency} />}
      <GiftList title={m.luv_sent_list({ currency }, o)} locale={locale} unit={currency} list={sentLuvList} />
      <PaymentsSection payments={payments} locale={locale} currency={currency} />
      {pageOffers(PAGE.luvShop) && <CouponsSection coupons={coupons} locale={locale} currency={currency} />}
      <CapsForm locale={locale} currency={currency} />
    </div>
  );
}

function CapsForm({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const { caps, saved, failure } = useStore($spendingCaps);
  const [daily, setDaily] = useState('');
  const [monthly, setMonthly] = useState('');
  useEffect(() => void loadCaps(), []);
  // The fields show the caps as read, and again as saved.
  useEffect(() => {
    setDaily(caps?.dailyLuv == null ? '' : String(caps.dailyLuv));
    setMonthly(caps?.monthlyLuv == null ? '' : String(caps.monthlyLuv));
  }, [caps]);
  const note = !saved
    ? ''
    : saved.pendingFrom
      ? m.luv_caps_pending({ from: new Date(saved.pendingFrom).toLocaleString(locale) }, o)
      : m.luv_caps_saved({}, o);
  const error = failure ? failureText(failure, locale) : '';
  return (
    <form
      className="luv-card luv-form"
      onSubmit={(e) => {
        e.preventDefault();
        void saveCaps(daily, monthly);
      }}
      aria-labelledby="luv-caps-title"
    >
      <h2 id="luv-caps-title">{m.luv_caps_title({}, o)}</h2>
      <p className="luv-muted">{m.luv_caps_hint({}, o)}</p>
      <label>
        {m.luv_caps_daily({ currency }, o)}
        <input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={daily}
          onChange={(e) => setDaily(e.target.value)}
        />
      </label>
      <label>
        {m.luv_caps_monthly({ currency }, o)}
        <input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={monthly}
          onChange={(e) => setMonthly(e.target.value)}
        />
      </label>
      <button type="submit" className="flx-button" disabled={!caps}>
        {m.luv_caps_save({}, o)}
      </button>
      {note && (
        <p className="luv-ok" role="status">
          {note}
        </p>
      )}
      <FormMessage className="luv-error">{error}</FormMessage>
    </form>
  );
}
