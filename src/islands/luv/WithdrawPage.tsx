import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { isEmbedded } from '../../lib/device.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import {
  $withdraw,
  cancelWithdrawal,
  openWithdrawals,
  previewPayout,
  requestWithdrawal,
  type Payout,
  type Withdrawal,
  type WithdrawState,
} from '../../stores/luv-withdraw.ts';
import { useMember } from '../ui/use-member.ts';
import { AccountForm } from './AccountForm.tsx';
import { withdrawalStatusLabel } from './labels.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import './luv.css';

interface PartProps {
  locale: Locale;
  currency: string;
}

/** Received luv that can be withdrawn, and luv in withdrawals still pending. */
function HeldSection({ held, locale, currency }: PartProps & { held: WithdrawState['held'] }) {
  const o = { locale };
  return (
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
  );
}

/** What the amount typed pays out, step by step down to the net won. */
function PayoutBreakdown({ preview, locale, currency }: PartProps & { preview: Payout }) {
  const o = { locale };
  return (
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
  );
}

/** The member's withdrawals, a pending one with its cancel button. */
function WithdrawalList({ list, locale, currency }: PartProps & { list: Withdrawal[] }) {
  const o = { locale };
  return (
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
                {withdrawalStatusLabel(w.status, locale)} ·{' '}
                <time dateTime={w.createdAt}>{new Date(w.createdAt).toLocaleString(locale)}</time>
              </span>
              {w.status === 'pending' && (
                <button
                  type="button"
                  className="flx-button flx-button--small"
                  onClick={() => void cancelWithdrawal(w.withdrawId)}
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
  );
}

/** BJ withdrawal: received luv, a payout preview that sums exactly, withdraw, list and cancel. */
export default function WithdrawPage({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const session = useMember();
  const { held, list, preview, busy, failure } = useStore($withdraw);
  const [amount, setAmount] = useState('');
  useEffect(() => {
    if (session.status === 'member') void openWithdrawals();
  }, [session.status]);
  useEffect(() => void previewPayout(amount), [amount]);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (await requestWithdrawal(Number(amount))) setAmount('');
  }
  const error = failure ? failureText(failure, locale) : '';
  if (session.status !== 'member') return <p className="luv-muted">{m.luv_members_only({}, o)}</p>;
  return (
    <div className="luv-page">
      <HeldSection held={held} locale={locale} currency={currency} />
      {isEmbedded() ? (
        <p className="luv-card">{m.luv_withdraw_embedded_account({}, o)}</p>
      ) : (
        <AccountForm locale={locale} verified={session.profile.PI} />
      )}
      <form className="luv-card luv-form" onSubmit={(e) => void submit(e)} aria-labelledby="luv-withdraw-title">
        <h2 id="luv-withdraw-title">{m.luv_withdraw_title({}, o)}</h2>
        <label>
          {m.luv_withdraw_amount({ currency }, o)}
          <input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\s+/g, ''))}
          />
        </label>
        {preview && <PayoutBreakdown preview={preview} locale={locale} currency={currency} />}
        {preview && (
          <p className="luv-muted">
            {m.luv_withdraw_minimum({ amount: won(preview.minimumLuv, locale), currency }, o)}
          </p>
        )}
        <button type="submit" className="flx-button flx-button--primary" disabled={busy || !preview}>
          {m.luv_withdraw_submit({}, o)}
        </button>
      </form>
      <FormMessage className="luv-error">{error}</FormMessage>
      <WithdrawalList list={list} locale={locale} currency={currency} />
    </div>
  );
}
