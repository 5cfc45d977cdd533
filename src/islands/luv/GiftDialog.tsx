import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { GIFT_AMOUNT_MAX_LUV, GIFT_MESSAGE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { won } from '../../lib/format.ts';
import { failureText } from '../../lib/error-text.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { $gift, $luvBalance, editGift, giftAmount, sendGift } from '../../stores/luv.ts';
import { FormMessage } from '../ui/FormMessage.tsx';
import { Stepper } from '../ui/Stepper.tsx';
import './luv.css';

/**
 * The gift dialog of a channel: shown each time an island calls openGift() (the channel header's
 * gift button); sends luv with one Idempotency-Key per gift, kept across retries. Its form exists
 * only while it is open: the live page is built and parsed with the dialog empty, and a closed
 * dialog's form was work of the page's first render and of the browser's form scan at
 * DOMContentLoaded, before the video's first frame (docs/BENCHMARKS.md, "The live's first requests
 * fetched ahead"). What was typed lives in the store ($gift), so nothing is lost with the form.
 */
export default function GiftDialog({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const ref = useRef<HTMLDialogElement>(null);
  // openGift() may run before this island hydrates: the server's view first, then the dialog opens.
  const gift = useStore($gift, { ssr: 'initial' });
  const balance = useStore($luvBalance, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (gift.opened > 0) setOpen(true);
  }, [gift.opened]);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open, gift.opened]);

  const { target, amount, message, confirmations, busy } = gift;
  const { n, valid, needs } = giftAmount(amount);
  const status = gift.sent === null ? '' : m.luv_gift_sent({ amount: won(gift.sent, locale), currency }, o);
  const error = gift.failure ? failureText(gift.failure, locale) : '';

  return (
    <dialog
      ref={ref}
      className="luv-dialog"
      aria-labelledby={open ? 'luv-gift-title' : undefined}
      onClose={() => setOpen(false)}
    >
      {open && (
        <form
          className="luv-form"
          onSubmit={(e) => {
            e.preventDefault();
            void sendGift();
          }}
        >
          <h2 id="luv-gift-title">{m.luv_gift_title({ currency }, o)}</h2>
          {target && <p>{m.luv_gift_to({ caster: brandWords(locale).caster, nickname: target.nickname }, o)}</p>}
          {balance !== null && (
            <p className="luv-muted">
              {m.luv_balance({ currency }, o)} {won(balance, locale)}
            </p>
          )}
          {target?.presets && target.presets.length > 0 && (
            <div className="luv-presets" role="group" aria-label={m.luv_gift_presets({}, o)}>
              {target.presets.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="flx-button flx-button--small"
                  aria-pressed={amount === String(p)}
                  onClick={() => editGift({ amount: String(p) })}
                >
                  {m.luv_gift_preset({ amount: won(p, locale), currency }, o)}
                </button>
              ))}
            </div>
          )}
          <Stepper
            locale={locale}
            label={m.luv_gift_amount({ currency }, o)}
            min={1}
            max={GIFT_AMOUNT_MAX_LUV}
            value={amount}
            onChange={(amount) => editGift({ amount })}
          />
          <label>
            {m.luv_gift_message({}, o)}
            <input
              type="text"
              value={message}
              onChange={(e) => editGift({ message: e.target.value })}
              maxLength={GIFT_MESSAGE_LENGTH_MAX}
            />
          </label>
          {needs > 0 && confirmations > 0 && (
            <FormMessage>
              {confirmations === 1
                ? m.luv_gift_confirm_1({ amount: won(n, locale), currency }, o)
                : m.luv_gift_confirm_2({ amount: won(n, locale), currency }, o)}
            </FormMessage>
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
          <FormMessage className="luv-error">{error}</FormMessage>
        </form>
      )}
    </dialog>
  );
}
