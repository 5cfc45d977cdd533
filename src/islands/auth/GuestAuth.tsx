import { useEffect, useState } from 'react';
import { LIVE_AUTH_PASSWORD_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { callbackFromQuery } from '../../stores/auth-callback.ts';
import { passLiveAuth } from '../../stores/auth-identity.ts';
import { failureText } from '../../lib/error-text.ts';
import { Field } from './Field.tsx';
import { useHydrated } from './use-hydrated.ts';
import { useSubmitGuard } from './use-submit-guard.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

/**
 * /guest-auth (open in emergency mode, SPEC §4): a guest's verification for a password-protected
 * live or a partner viewer (`?channelId=&viewerId=&aspCode=&option=&callbackURL=`).
 */
export default function GuestAuth({ locale }: { locale: Locale }) {
  const o = { locale };
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [q, setQ] = useState({
    channelId: '',
    viewerId: '',
    aspCode: '',
    option: '',
    callbackURL: PAGE.home as string,
  });
  useEffect(() => {
    const p = new URLSearchParams(location.search);
    setQ({
      channelId: p.get('channelId') ?? '',
      viewerId: p.get('viewerId') ?? '',
      aspCode: p.get('aspCode') ?? '',
      option: p.get('option') ?? '',
      callbackURL: callbackFromQuery(),
    });
  }, []);
  const guard = useSubmitGuard(async () => {
    setError('');
    const r = await passLiveAuth({
      channelId: q.channelId,
      viewerId: q.viewerId,
      password,
      option: q.option,
      aspCode: q.aspCode,
    });
    if (r.ok) return window.location.assign(q.callbackURL);
    setError(
      q.channelId ? failureText(r.failure, locale, m.auth_error_unknown({}, o)) : m.auth_error_invalid_access({}, o),
    );
  });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (guard.press()) void guard.submit();
      }}
    >
      <fieldset className="auth-plain" disabled={!hydrated}>
        <p>{m.auth_guest_lead({}, o)}</p>
        <Field
          label={m.auth_field_live_password({}, o)}
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="off"
          maxLength={LIVE_AUTH_PASSWORD_LENGTH_MAX}
        />
        <FormMessage className="auth-error" live>
          {error}
        </FormMessage>
        <button type="submit" className="auth-submit" aria-disabled={guard.disabled || undefined}>
          {m.auth_button_confirm({}, o)}
        </button>
      </fieldset>
    </form>
  );
}
