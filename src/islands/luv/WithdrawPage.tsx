import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { useMember } from '../my/use-member.ts';
import { intentKey, luvApi, type Payout, type Withdrawal } from './api.ts';
import { luvErrorText, won } from './errors.ts';
import { withdrawalStatusLabel } from './labels.ts';
import { AccountForm } from './AccountForm.tsx';
import './luv.css';

/** BJ withdrawal: received luv, a payout preview that sums exactly, withdraw, list and cancel. */
export default function WithdrawPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const [held, setHeld] = useState<{ luv: number; pending: number } | null>(null);
  const [amount, setAmount] = useState('');
  const [preview, setPreview] = useState<Payout | null>(null);
  const [list, setList] = useState<Withdrawal[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const withdrawKey = useRef(intentKey());
  const refresh = async () => {
    setHeld(await luvApi.received());
    setList((await luvApi.withdrawals(0, 20)).list);
  };
  useEffect(() => {
    if (session.status === 'member') refresh().catch((e) => setError(luvErrorText(e, locale)));
  }, [session.status]);
  useEffect(() => {
    const n = Number(amount);
    if (!/^\d+$/.test(amount) || n < 1) return setPreview(null);
    let live = true;
    luvApi.payoutPreview(n).then(
      (p) => live && setPreview(p),
      () => live && setPreview(null),
    );
    return () => void (live = false);
  }, [amount]);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await luvApi.withdraw(Number(amount), withdrawKey.current.current());
      withdrawKey.current.settle();
      setAmount('');
      await refresh();
    } catch (err) {
      withdrawKey.current.settle();
      setError(luvErrorText(err, locale));
    } finally {
      setBusy(false);
    }
  }
  async function cancel(w: Withdrawal) {
    setError('');
    try {
      await luvApi.cancelWithdrawal(w.withdrawId, `cancel-${w.withdrawId}`);
      await refresh();
    } catch (err) {
      setError(luvErrorText(err, locale));
    }
  }
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  return (
    <div className="luv-page">
      <section className="luv-card" aria-labelledby="luv-held-title">
        <h2 id="luv-held-title">{m.luv_withdraw_held_title({ currency }, o)}</h2>
        <dl className="luv-stats">
          <div>
            <dt>{m.luv_withdraw_available({ currency }, o)}</dt>
            <dd data-testid="received-luv">{held ? won(held.luv, locale) : '…'}</dd>
          </div>
          <div>
            <dt>{m.luv_withdraw_pending({ currency }, o)}</dt>
            <dd data-testid="pending-luv">{held ? won(held.pending, locale) : '…'}</dd>
          </div>
        </dl>
      </section>
      <AccountForm locale={locale} verified={session.profile.PI} />
      <form className="luv-card luv-form" onSubmit={(e) => void submit(e)} aria-labelledby="luv-withdraw-title">
        <h2 id="luv-withdraw-title">{m.luv_withdraw_title({}, o)}</h2>
        <label>
          {m.luv_withdraw_amount({ currency }, o)}
          <input type="number" min={1} step={1} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\s+/g, ''))} />
        </label>
        {preview && (
          <dl className="luv-breakdown" aria-label={m.luv_preview_title({}, o)}>
            <dt>{m.luv_preview_gross_luv({ currency }, o)}</dt>
            <dd>{won(preview.luv, locale)}</dd>
            <dt>{m.luv_preview_rate({ currency }, o)}</dt>
            <dd>
              {won(preview.rateWonPerLuv, locale)} {m.luv_won({}, o)}
            </dd>
            <dt>{m.luv_preview_gross({}, o)}</dt>
            <dd>
              {won(preview.grossWon, locale)} {m.luv_won({}, o)}
            </dd>
            <dt>{m.luv_preview_fee({}, o)}</dt>
            <dd>
              −{won(preview.feeWon, locale)} {m.luv_won({}, o)}
            </dd>
            <dt>{m.luv_preview_tax({}, o)}</dt>
            <dd>
              −{won(preview.taxWon, locale)} {m.luv_won({}, o)}
            </dd>
            <dt>{m.luv_preview_net({}, o)}</dt>
            <dd>
              <strong data-testid="net-won">
                {won(preview.netWon, locale)} {m.luv_won({}, o)}
              </strong>
            </dd>
          </dl>
        )}
        {preview && <p className="luv-muted">{m.luv_withdraw_minimum({ amount: won(preview.minimumLuv, locale), currency }, o)}</p>}
        <button type="submit" className="flx-button flx-button--primary" disabled={busy || !preview}>
          {m.luv_withdraw_submit({}, o)}
        </button>
      </form>
      {error && (
        <p className="luv-error" role="alert">
          {error}
        </p>
      )}
      <section className="luv-card" aria-labelledby="luv-withdraw-list-title">
        <h2 id="luv-withdraw-list-title">{m.luv_withdraw_list({}, o)}</h2>
        {list.length === 0 ? (
          <p className="luv-muted">{m.luv_list_empty({}, o)}</p>
        ) : (
          <ul className="luv-list">
            {list.map((w) => (
              <li key={w.withdrawId}>
                <span>
                  {won(w.amount, locale)} {currency} → {won(w.netWon, locale)} {m.luv_won({}, o)} · {w.bankAccount}
                </span>
                <span>
                  {withdrawalStatusLabel(w.status, locale)} · <time dateTime={w.createdAt}>{new Date(w.createdAt).toLocaleString(locale)}</time>
                </span>
                {w.status === 'pending' && (
                  <button
                    type="button"
                    className="flx-button flx-button--small"
                    onClick={() => void cancel(w)}
                    aria-label={m.luv_withdraw_cancel_named({ amount: won(w.amount, locale), currency }, o)}
                  >
                    {m.luv_withdraw_cancel({}, o)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
