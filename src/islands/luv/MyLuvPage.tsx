import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { useMember } from '../my/use-member.ts';
import { luvApi, type Caps, type Payment } from './api.ts';
import { luvErrorText, won } from './errors.ts';
import { GiftList } from './GiftList.tsx';
import { methodLabel, paymentStatusLabel } from './labels.ts';
import { ReceivedChart } from './ReceivedChart.tsx';
import './luv.css';

type Summary = Awaited<ReturnType<typeof luvApi.receivedSum>>;

/** My luv: balance, received luv over time, received and sent gifts, payment history, spending limits. */
export default function MyLuvPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const [balance, setBalance] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (session.status !== 'member') return;
    const fail = (e: unknown) => setError(luvErrorText(e, locale));
    luvApi.balance().then((b) => setBalance(b.luv), fail);
    luvApi.receivedSum(30).then(setSummary, fail);
    luvApi.payments(0, 20).then((p) => setPayments(p.list), fail);
  }, [session.status]);
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  return (
    <div className="luv-page">
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
        <p className="luv-actions">
          <a className="flx-button flx-button--small flx-button--primary" href="/luv">
            {m.luv_go_shop({ currency }, o)}
          </a>
        </p>
        {summary && <ReceivedChart daily={summary.daily} locale={locale} currency={currency} />}
      </section>
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
      <GiftList title={m.luv_received_list({ currency }, o)} locale={locale} unit={currency} load={luvApi.receivedList} />
      <GiftList title={m.luv_sent_list({ currency }, o)} locale={locale} unit={currency} load={luvApi.sentList} />
      <section className="luv-card" aria-labelledby="luv-payments-title">
        <h2 id="luv-payments-title">{m.luv_payments_title({}, o)}</h2>
        {payments.length === 0 ? (
          <p className="luv-muted">{m.luv_list_empty({}, o)}</p>
        ) : (
          <ul className="luv-list">
            {payments.map((p) => (
              <li key={p.paymentId}>
                <span>
                  {p.luv > 0 ? `${won(p.luv, locale)} ${currency}` : m.luv_payment_subscription({}, o)} · {won(p.amountWon, locale)} {m.luv_won({}, o)} ·{' '}
                  {methodLabel(p.method, locale)}
                </span>
                <span>
                  {paymentStatusLabel(p.status, locale)} · <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleString(locale)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CapsForm locale={locale} currency={currency} />
    </div>
  );
}

function CapsForm({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const [caps, setCaps] = useState<Caps | null>(null);
  const [daily, setDaily] = useState('');
  const [monthly, setMonthly] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const show = (c: Caps) => {
    setCaps(c);
    setDaily(c.dailyLuv === null ? '' : String(c.dailyLuv));
    setMonthly(c.monthlyLuv === null ? '' : String(c.monthlyLuv));
  };
  useEffect(() => void luvApi.caps().then(show, () => {}), []);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    const parse = (v: string) => (v.trim() === '' ? null : Number(v));
    try {
      const c = await luvApi.setCaps({ dailyLuv: parse(daily), monthlyLuv: parse(monthly) });
      show(c);
      setNote(c.pending ? m.luv_caps_pending({ from: new Date(c.pending.from).toLocaleString(locale) }, o) : m.luv_caps_saved({}, o));
    } catch (err) {
      setError(luvErrorText(err, locale));
    }
  }
  return (
    <form className="luv-card luv-form" onSubmit={(e) => void save(e)} aria-labelledby="luv-caps-title">
      <h2 id="luv-caps-title">{m.luv_caps_title({}, o)}</h2>
      <p className="luv-muted">{m.luv_caps_hint({}, o)}</p>
      <label>
        {m.luv_caps_daily({ currency }, o)}
        <input type="number" min={0} step={1} inputMode="numeric" value={daily} onChange={(e) => setDaily(e.target.value)} />
      </label>
      <label>
        {m.luv_caps_monthly({ currency }, o)}
        <input type="number" min={0} step={1} inputMode="numeric" value={monthly} onChange={(e) => setMonthly(e.target.value)} />
      </label>
      <button type="submit" className="flx-button" disabled={!caps}>
        {m.luv_caps_save({}, o)}
      </button>
      {note && (
        <p className="luv-ok" role="status">
          {note}
        </p>
      )}
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
