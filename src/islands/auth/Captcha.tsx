import { useId } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { CaptchaState } from '../../stores/auth-phone.ts';

/**
 * The self-hosted ALTCHA check (SPEC §5 "Captcha"): a checkbox that starts the proof of work;
 * it is checked once the work is done. No third-party script, no network beyond our API.
 */
export function Captcha({
  locale,
  state,
  onStart,
  disabled,
}: {
  locale: Locale;
  state: CaptchaState;
  onStart: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const o = { locale };
  const status =
    state === 'solving' ? m.auth_captcha_verifying({}, o) : state === 'done' ? m.auth_captcha_verified({}, o) : '';
  return (
    <div className="auth-check auth-captcha">
      <input
        id={id}
        type="checkbox"
        checked={state === 'done'}
        aria-describedby={`${id}-status`}
        aria-busy={state === 'solving' || undefined}
        disabled={disabled}
        onChange={(e) => {
          if (e.target.checked && state !== 'solving') onStart();
        }}
      />
      <label htmlFor={id}>{m.auth_captcha_label({}, o)}</label>
      <span id={`${id}-status`} className="auth-timer" role="status">
        {status}
      </span>
    </div>
  );
}
