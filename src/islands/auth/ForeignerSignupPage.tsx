import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { loadCountries, type CountryOption } from '../../stores/auth-countries.ts';
import { ForeignerSignupForm } from './ForeignerSignupForm.tsx';
import { SignupTabs } from './SignupTabs.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

/** The /signup/foreigner page body: tabs (hidden for partners), the form, then the completed page. */
export default function ForeignerSignupPage({ locale, partnerName }: { locale: Locale; partnerName: string }) {
  const s = useSignupPageState();
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  useEffect(() => {
    void loadCountries(locale).then(setCountries);
  }, [locale]);
  const o = { locale };
  return (
    <>
      {s.partner ? (
        <p className="auth-banner" role="status">
          {m.auth_signup_partner_welcome({ partner: partnerName }, o)}
        </p>
      ) : (
        <SignupTabs locale={locale} current="foreigner" search={s.search} />
      )}
      {countries && s.ready ? (
        <ForeignerSignupForm locale={locale} countries={countries} partner={s.partner} recommendId={s.recommendId} onDone={() => window.location.assign(completedHref(s))} />
      ) : (
        <p role="status">{m.auth_policy_loading({}, o)}</p>
      )}
      <p className="auth-links">
        {m.auth_signup_signin_prompt({}, o)} <a href={`/signin${s.search}`}>{m.auth_signup_signin_link({}, o)}</a>
      </p>
    </>
  );
}
