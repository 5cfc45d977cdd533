import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { loadCountriesForCaller, type CountryOption } from '../../stores/auth-countries.ts';
import { ForeignerSignupForm } from './ForeignerSignupForm.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

/** The /signup/foreigner form island; tabs, partner banner and the sign-in link are static HTML of the page. */
export default function ForeignerSignupPage({ locale }: { locale: Locale }) {
  const s = useSignupPageState();
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  useEffect(() => {
    void loadCountriesForCaller(locale).then(setCountries);
  }, [locale]);
  const o = { locale };
  return (
    <>
      {countries && s.ready ? (
        <ForeignerSignupForm
          locale={locale}
          countries={countries}
          recommendId={s.recommendId}
          onDone={() => window.location.assign(completedHref(s))}
        />
      ) : (
        <p role="status">{m.auth_policy_loading({}, o)}</p>
      )}
    </>
  );
}
