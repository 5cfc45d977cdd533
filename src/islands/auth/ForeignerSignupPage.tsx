import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { loadCountriesForCaller, type CountryOption } from '../../stores/auth-countries.ts';
import { ForeignerSignupForm } from './ForeignerSignupForm.tsx';
import { completedHref, useSignupPageState } from './signup-page-state.ts';

/**
 * The /signup/foreigner form island; tabs, partner banner and the sign-in link are static HTML of the page. The form
 * comes with hydration (its year, month and day lists would take the page past its HTML budget), without waiting for
 * the country list: that fills its select when it comes, and one that did not come is offered again beside the select
 * (what was typed stays).
 */
export default function ForeignerSignupPage({ locale }: { locale: Locale }) {
  const s = useSignupPageState();
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [failed, setFailed] = useState(false);
  const fetchCountries = useCallback(() => {
    setFailed(false);
    void loadCountriesForCaller(locale).then((list) => (list ? setCountries(list) : setFailed(true)));
  }, [locale]);
  useEffect(fetchCountries, [fetchCountries]);
  return s.ready ? (
    <ForeignerSignupForm
      locale={locale}
      countries={countries}
      recommendId={s.recommendId}
      onRetryCountries={failed ? fetchCountries : undefined}
      onDone={() => window.location.assign(completedHref(s))}
    />
  ) : (
    <p role="status">{m.auth_policy_loading({}, { locale })}</p>
  );
}
