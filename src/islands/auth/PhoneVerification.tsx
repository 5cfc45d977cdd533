import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { PHONE_DIGITS_MAX, VERIFICATION_CODE_LENGTH } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import type { CountryOption } from '../../stores/auth-countries.ts';
import type { PhoneVerification as Machine } from '../../stores/auth-phone.ts';
import { Captcha } from './Captcha.tsx';
import { Field } from './Field.tsx';
import { localizeText } from './form-texts.ts';

interface Props {
  locale: Locale;
  machine: Machine;
  countries: readonly CountryOption[];
  countryCode: string;
  onCountryCode: (v: string) => void;
  phone: string;
  onPhone: (v: string) => void;
  /** Sign-up's complaint when it was submitted without a confirmed code. */
  requiredError?: string | null;
  /** Given when the country list failed to load: a retry is offered beside the select. */
  onRetryCountries?: () => void;
}

/** Seconds left on the resend lock, ticking once a second while it runs. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

interface PartProps {
  locale: Locale;
  machine: Machine;
  verified: boolean;
  countryCode: string;
  phone: string;
}

type SelectProps = PartProps & Pick<Props, 'countries' | 'onCountryCode' | 'onRetryCountries'>;

/** One option per country, even when calling codes repeat (+1: Canada and the United States; +44: Guernsey and the UK). */
const optionOf = (c: CountryOption) => c.iso ?? `${c.phoneCode}-${c.name}`;

/**
 * The country's phone code; a new one un-does the check. Each country is its own option: the one chosen stays chosen
 * (the form keeps only the code, which several countries share).
 */
function CountryCodeSelect({
  locale,
  machine,
  verified,
  countries,
  countryCode,
  onCountryCode,
  onRetryCountries,
}: SelectProps) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const picked = countries.find((c) => optionOf(c) === chosen);
  const value =
    picked && picked.phoneCode === countryCode
      ? chosen
      : (() => {
          const first = countries.find((c) => c.phoneCode === countryCode);
          return first ? optionOf(first) : '';
        })();
  return (
    <div className="auth-select">
      <label htmlFor={`${id}-cc`}>{m.auth_field_country_code({}, { locale })}</label>
      <select
        id={`${id}-cc`}
        value={value}
        disabled={verified}
        onChange={(e) => {
          const next = countries.find((c) => optionOf(c) === e.target.value);
          if (!next) return;
          setChosen(e.target.value);
          onCountryCode(next.phoneCode);
          machine.reset();
        }}
      >
        {countries.map((c) => (
          <option key={optionOf(c)} value={optionOf(c)}>
            {`${c.name} (+${c.phoneCode})`}
          </option>
        ))}
      </select>
      {countries.length === 0 && onRetryCountries && <CountriesRetry locale={locale} onRetry={onRetryCountries} />}
    </div>
  );
}

/** The country list did not come: said so, with a retry; the rest of the form stays as typed. */
function CountriesRetry({ locale, onRetry }: { locale: Locale; onRetry: () => void }) {
  return (
    <p className="auth-error" role="alert">
      {m.auth_countries_failed({}, { locale })}{' '}
      <button type="button" className="auth-link-button" onClick={onRetry}>
        {m.auth_countries_retry({}, { locale })}
      </button>
    </p>
  );
}

/** The code received by SMS and its confirm button (Enter confirms too). */
function CodeField({ locale, machine, verified, countryCode, phone }: PartProps) {
  const s = useStore(machine.$state);
  const [code, setCode] = useState('');
  return (
    <Field
      label={m.auth_field_code({}, { locale })}
      value={code}
      onValue={setCode}
      digits
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
      disabled={verified}
      error={s.codeError ? localizeText(s.codeError, locale) : null}
      onKeyDown={(e) => {
        // Enter in the code field confirms the code; it must not submit the whole sign-up.
        if (e.key === 'Enter') {
          e.preventDefault();
          void machine.verify(countryCode, phone, code);
        }
      }}
      addon={
        <button
          type="button"
          onClick={() => void machine.verify(countryCode, phone, code)}
          disabled={verified}
          aria-disabled={s.verifying || undefined}
        >
          {m.auth_button_confirm({}, { locale })}
        </button>
      }
    />
  );
}

/**
 * Development only (the API answers the code only there, with its outbox SMS): the code beside its field, marked as
 * the simulator's, so no one has to look for it in /api/dev/sms-outbox.
 */
function DevSmsCode({ locale, code }: { locale: Locale; code: string }) {
  const o = { locale };
  return (
    <div className="auth-dev-sms" role="note" aria-label={m.auth_dev_sms_label({}, o)}>
      <p className="auth-dev-sms-badge">{m.auth_dev_sms_label({}, o)}</p>
      <p>
        <output>{m.auth_dev_sms_code({ code }, o)}</output>
      </p>
      <p className="auth-hint">{m.auth_dev_sms_note({}, o)}</p>
    </div>
  );
}

/**
 * SPEC §2 phone verification: country code, phone, captcha, send (60 s lock with a visible
 * countdown), code, confirm. A confirmed code freezes the phone controls.
 */
export function PhoneVerification({
  locale,
  machine,
  countries,
  countryCode,
  onCountryCode,
  phone,
  onPhone,
  requiredError,
  onRetryCountries,
}: Props) {
  const o = { locale };
  const s = useStore(machine.$state);
  const seconds = useSecondsLeft(s.lockedUntil);
  const verified = Boolean(s.token);
  const phoneError = s.error ? localizeText(s.error, locale) : verified ? null : (requiredError ?? null);
  const part = { locale, machine, verified, countryCode, phone };

  return (
    <fieldset className="auth-fieldset">
      <legend>{m.auth_signup_phone_legend({}, o)}</legend>
      <CountryCodeSelect
        {...part}
        countries={countries}
        onCountryCode={onCountryCode}
        onRetryCountries={onRetryCountries}
      />
      <Captcha
        locale={locale}
        state={verified ? 'done' : s.captcha}
        onStart={() => void machine.solveCaptcha()}
        disabled={verified}
      />
      <Field
        label={m.auth_field_phone({}, o)}
        value={phone}
        onValue={(v) => {
          onPhone(v);
          machine.reset();
        }}
        digits
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_DIGITS_MAX}
        disabled={verified}
        error={phoneError}
        note={verified ? m.auth_phone_verified({}, o) : s.sent ? m.auth_phone_sent({}, o) : null}
        addon={
          <button
            type="button"
            onClick={() => void machine.send(countryCode, phone)}
            disabled={verified}
            aria-disabled={s.sending || seconds > 0 || undefined}
          >
            {m.auth_button_send({}, o)}
          </button>
        }
      />
      {seconds > 0 && !verified && (
        <p className="auth-timer" role="timer" aria-atomic="true">
          {m.auth_phone_resend_in({ seconds: String(seconds) }, o)}
        </p>
      )}
      <CodeField {...part} />
      {s.devCode && !verified && <DevSmsCode locale={locale} code={s.devCode} />}
    </fieldset>
  );
}
