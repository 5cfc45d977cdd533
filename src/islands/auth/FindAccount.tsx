import { useMemo, useRef, useState } from 'react';
import { LOGIN_ID_LENGTH_MAX, PASSWORD_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { passwordSchema } from '../../../domain/schemas/fields.ts';
import { m } from '../../paraglide/messages.js';
import { loadCountries, type CountryOption } from '../../stores/auth-countries.ts';
import { findLoginIdExists, findLoginIds, resetPassword, startPasswordReset } from '../../stores/auth-find.ts';
import { createPhoneVerification } from '../../stores/auth-phone.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect } from 'react';
import { failureText, type ApiFailure } from '../../lib/error-text.ts';
import { Field } from './Field.tsx';
import { PhoneVerification } from './PhoneVerification.tsx';
import { useHydrated } from './use-hydrated.ts';
import { useSubmitGuard } from './use-submit-guard.ts';
import { fieldError } from './validate.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

type Mode = 'id' | 'password';

/** /member/find/findId and /find: find the ID, or set a new password, after a phone check. */
export default function FindAccount({ locale }: { locale: Locale }) {
  const o = { locale };
  const hydrated = useHydrated();
  const [mode, setMode] = useState<Mode>('id');
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [countriesFailed, setCountriesFailed] = useState(false);
  // A list that did not come (a 503, no network) leaves the form as it is, with a retry beside the select.
  const fetchCountries = useCallback(() => {
    setCountriesFailed(false);
    void loadCountries(locale).then((list) => (list ? setCountries(list) : setCountriesFailed(true)));
  }, [locale]);
  useEffect(() => {
    fetchCountries();
    if (new URLSearchParams(location.search).get('type') === 'password') setMode('password');
  }, [fetchCountries]);
  return (
    <div className="auth-form">
      <div className="auth-tabs" role="group" aria-label={m.auth_find_tabs_label({}, o)}>
        {(['id', 'password'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className="auth-link-button"
            aria-pressed={mode === k}
            disabled={!hydrated}
            onClick={() => setMode(k)}
          >
            {k === 'id' ? m.auth_find_tab_id({}, o) : m.auth_find_tab_password({}, o)}
          </button>
        ))}
      </div>
      <FindFlow
        key={mode}
        locale={locale}
        mode={mode}
        countries={countries}
        onRetryCountries={countriesFailed ? fetchCountries : undefined}
      />
    </div>
  );
}

/** The text of a refused step: the API's own, else "unknown error". */
function failedText(f: ApiFailure, locale: Locale): string {
  return failureText(f, locale, m.auth_error_unknown({}, { locale }));
}

/** The phone check (and, for a new password, the ID), then the IDs found or the new-password step. */
/** The ID of a password reset, told unknown when the field is left (a later change clears it). */
function useLoginIdCheck(locale: Locale) {
  const [loginId, setLoginId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const typedId = useRef('');
  const typeLoginId = (value: string) => {
    setLoginId(value);
    typedId.current = value;
    setIdError(null);
  };
  const checkLoginId = async () => {
    const id = loginId;
    if (!id) return;
    const exists = await findLoginIdExists(id);
    // An answer for an ID since changed says nothing about the one in the field.
    if (exists === false && typedId.current === id) setIdError(m.auth_find_login_id_unknown({}, { locale }));
  };
  return { loginId, idError, typeLoginId, checkLoginId };
}

function FindFlow({
  locale,
  mode,
  countries,
  onRetryCountries,
}: {
  locale: Locale;
  mode: Mode;
  countries: CountryOption[];
  onRetryCountries?: () => void;
}) {
  const o = { locale };
  const machine = useMemo(() => createPhoneVerification('find'), []);
  const phoneState = useStore(machine.$state);
  const [countryCode, setCountryCode] = useState('82');
  const [phone, setPhone] = useState('');
  const { loginId, idError, typeLoginId, checkLoginId } = useLoginIdCheck(locale);
  const [error, setError] = useState('');
  const [ids, setIds] = useState<string[] | null>(null);
  const [reset, setReset] = useState<{ authToken: string } | null>(null);

  const find = useSubmitGuard(async () => {
    setError('');
    const proof = { countryCode, phone, phoneVerificationToken: phoneState.token };
    if (!proof.phoneVerificationToken) return setError(m.auth_error_phone_verification({}, o));
    if (mode === 'id') {
      const r = await findLoginIds(proof);
      return r.ok ? setIds(r.loginIds) : setError(failedText(r.failure, locale));
    }
    if (!loginId) return setError(m.auth_error_login_id_check({}, o));
    const r = await startPasswordReset(loginId, proof);
    return r.ok ? setReset({ authToken: r.authToken }) : setError(failedText(r.failure, locale));
  });

  if (ids) return <FoundIds locale={locale} ids={ids} />;
  if (reset) return <NewPasswordForm locale={locale} loginId={loginId} authToken={reset.authToken} />;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (find.press()) void find.submit();
      }}
    >
      <fieldset className="auth-plain">
        <p>{mode === 'id' ? m.auth_find_id_lead({}, o) : m.auth_find_password_lead({}, o)}</p>
        {mode === 'password' && (
          <Field
            label={m.auth_field_login_id({}, o)}
            value={loginId}
            onValue={typeLoginId}
            onBlur={() => void checkLoginId()}
            error={idError}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LOGIN_ID_LENGTH_MAX}
          />
        )}
        <PhoneVerification
          locale={locale}
          machine={machine}
          countries={countries}
          countryCode={countryCode}
          onCountryCode={setCountryCode}
          phone={phone}
          onPhone={setPhone}
          onRetryCountries={onRetryCountries}
        />
        <FormMessage className="auth-error" live>
          {error}
        </FormMessage>
        <button type="submit" className="auth-submit" aria-disabled={find.disabled || undefined}>
          {mode === 'id' ? m.auth_find_submit_id({}, o) : m.auth_find_submit_password({}, o)}
        </button>
      </fieldset>
    </form>
  );
}

/** The IDs on the verified phone, and the way to sign in. */
function FoundIds({ locale, ids }: { locale: Locale; ids: string[] }) {
  const o = { locale };
  return (
    <section aria-live="polite">
      {ids.map((id) => (
        <p key={id} className="auth-banner">
          {m.auth_find_result_id({ loginId: id }, o)}
        </p>
      ))}
      <p className="auth-links">
        <a href={PAGE.signin}>{m.auth_signup_signin_link({}, o)}</a>
      </p>
    </section>
  );
}

/** The new password, twice, for the ID whose phone was verified (`authToken`); then the way to sign in. */
function NewPasswordForm({ locale, loginId, authToken }: { locale: Locale; loginId: string; authToken: string }) {
  const o = { locale };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pwError, setPwError] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const change = useSubmitGuard(async () => {
    const mismatch = password !== confirm ? m.auth_error_password_mismatch({}, o) : null;
    const bad = fieldError(passwordSchema, password, locale) ?? mismatch;
    setPwError(bad);
    if (bad) return;
    const r = await resetPassword(loginId, authToken, password);
    if (r.ok) setDone(true);
    else setError(failedText(r.failure, locale));
  });

  if (done) {
    return (
      <section aria-live="polite">
        <p className="auth-banner">{m.auth_find_password_done({}, o)}</p>
        <p className="auth-links">
          <a href={PAGE.signin}>{m.auth_signup_signin_link({}, o)}</a>
        </p>
      </section>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (change.press()) void change.submit();
      }}
    >
      <fieldset className="auth-plain">
        <Field
          label={m.auth_field_new_password({}, o)}
          hint={m.auth_field_password_hint({}, o)}
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH_MAX}
          error={pwError}
        />
        <Field
          label={m.auth_field_password_confirm({}, o)}
          type="password"
          value={confirm}
          onValue={setConfirm}
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH_MAX}
        />
        <FormMessage className="auth-error" live>
          {error}
        </FormMessage>
        <button type="submit" className="auth-submit" aria-disabled={change.disabled || undefined}>
          {m.auth_find_change_password({}, o)}
        </button>
      </fieldset>
    </form>
  );
}
