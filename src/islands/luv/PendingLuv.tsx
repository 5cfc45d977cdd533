import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $luvWaiting, loadLuvWaiting } from '../../stores/luv-waiting.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/**
 * My luv page: the luv held by withdrawals waiting to be paid, each with when it was asked for, and the way to manage
 * them.
 */
export function PendingLuv({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const s = useStore($luvWaiting);
  useEffect(() => void loadLuvWaiting(), []);
  return (
    <section className="luv-card" aria-labelledby="luv-waiting-title" aria-busy={s.status === 'loading'}>
      <h2 id="luv-waiting-title">{m.luv_waiting_title({ currency }, o)}</h2>
      {s.status === 'loading' && <p className="luv-muted">{m.luv_waiting_loading({}, o)}</p>}
      {s.status === 'error' && (
        <FormMessage className="luv-error">
          {s.failure ? failureText(s.failure, locale) : m.luv_waiting_error({}, o)}{' '}
          <button type="button" className="flx-button flx-button--small" onClick={() => void loadLuvWaiting()}>
            {m.luv_waiting_retry({}, o)}
          </button>
        </FormMessage>
      )}
      {s.status === 'ready' && s.list.length === 0 && <p className="luv-muted">{m.luv_waiting_empty({}, o)}</p>}
      {s.status === 'ready' && s.list.length > 0 && (
        <>
          <p data-testid="waiting-luv">
            {m.luv_waiting_total({ amount: won(s.luv, locale), currency, count: s.list.length }, o)}
          </p>
          <ul className="luv-list">
            {s.list.map((w) => (
              <li key={w.withdrawId}>
                <span>
                  {won(w.amount, locale)} {currency} → {won(w.netWon, locale)} {m.luv_won({}, o)}
                </span>
                <span>
                  {m.luv_waiting_requested({}, o)}{' '}
                  <time dateTime={w.createdAt}>{new Date(w.createdAt).toLocaleString(locale)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={PAGE.myWithdraw}>{m.luv_waiting_manage({}, o)}</a>
      </p>
    </section>
  );
}
