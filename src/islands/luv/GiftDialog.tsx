import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { intentKey, luvApi } from './api.ts';
import { luvErrorText, won } from './errors.ts';
import './luv.css';

/** Must match GIFT_CONFIRM_THRESHOLD_LUV of the API: at or above it the viewer confirms twice. */
export const GIFT_CONFIRM_THRESHOLD_LUV = 10_000;

/**
 * The gift dialog of a channel: opened by the channel header's `flx:gift` event
 * (docs/ARCHITECTURE.md); sends luv with one Idempotency-Key per gift, kept across retries.
 */
export default function GiftDialog({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const ref = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<{ channelId: number; loginId: string } | null>(null);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [balance, setBalance] = useState<number | null>(null);
  const [confirmations, setConfirmations] = useState(0);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(intentKey());

  useEffect(() => {
    function open(e: Event) {
      const detail = (e as CustomEvent<{ channelId: number; loginId: string }>).detail;
      setTarget(detail);
      setAmount('');
      setMessage('');
      setConfirmations(0);
      setStatus('');
      setError('');
      key.current.settle();
      ref.current?.showModal();
      void luvApi.balance().then(
        (b) => setBalance(b.luv),
        () => setBalance(null),
      );
    }
    document.addEventListener('flx:gift', open);
    return () => document.removeEventListener('flx:gift', open);
  }, []);

  const n = Number(amount);
  const valid = /^\d+$/.test(amount) && n >= 1;
  const needs = n >= GIFT_CONFIRM_THRESHOLD_LUV ? 2 : 0;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!target || !valid) return;
    if (confirmations < needs) return setConfirmations(confirmations + 1);
    setBusy(true);
    setError('');
    try {
      const r = await luvApi.sendLuv(
        { channelId: target.channelId, amount: n, message: message.trim(), ...(needs ? { confirmations: 2 } : {}) },
        key.current.current(),
      );
      key.current.settle();
      setBalance(r.luv);
      setStatus(m.luv_gift_sent({ amount: won(n, locale), currency }, o));
      setAmount('');
      setMessage('');
      setConfirmations(0);
    } catch (err) {
      // A refusal is final for this key; a network failure keeps the key for the retry.
      if ((err as { response?: unknown }).response) key.current.settle();
      setError(luvErrorText(err, locale));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className="luv-dialog" aria-labelledby="luv-gift-title">
      <form className="luv-form" onSubmit={(e) => void submit(e)}>
        <h2 id="luv-gift-title">{m.luv_gift_title({ currency }, o)}</h2>
        {target && <p>{m.luv_gift_to({ loginId: target.loginId }, o)}</p>}
        {balance !== null && (
          <p className="luv-muted">
            {m.luv_balance({ currency }, o)} {won(balance, locale)}
          </p>
        )}
        <label>
          {m.luv_gift_amount({ currency }, o)}
          <input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value.replace(/\s+/g, ''));
              setConfirmations(0);
            }}
          />
        </label>
        <label>
          {m.luv_gift_message({}, o)}
          <input type="text" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={100} />
        </label>
        {needs > 0 && confirmations > 0 && (
          <p role="alert">
            {confirmations === 1
              ? m.luv_gift_confirm_1({ amount: won(n, locale), currency }, o)
              : m.luv_gift_confirm_2({ amount: won(n, locale), currency }, o)}
          </p>
        )}
        <div className="luv-actions">
          <button type="submit" className="flx-button flx-button--primary" disabled={busy || !valid}>
            {needs > 0 && confirmations > 0 ? m.luv_gift_confirm_button({}, o) : m.luv_gift_send({}, o)}
          </button>
          <button type="button" className="flx-button" onClick={() => ref.current?.close()}>
            {m.luv_gift_close({}, o)}
          </button>
        </div>
        {status && (
          <p className="luv-ok" role="status">
            {status}
          </p>
        )}
        {error && (
          <p className="luv-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </dialog>
  );
}
