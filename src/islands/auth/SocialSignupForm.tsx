import { useEffect, useRef, useState } from 'react';
import type { LoginProvider } from '../../../domain/enums.ts';
import { LOGIN_ID_LENGTH_MAX, NICKNAME_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { loginIdSchema, nicknameSchema } from '../../../domain/schemas/fields.ts';
import { FORM_TEXTS as T } from '../../../domain/schemas/texts.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { loadCountries, type CountryOption } from '../../stores/auth-countries.ts';
import { socialSignUp } from '../../stores/auth-social-callback.ts';
import { signupErrorField } from '../../stores/auth-signup.ts';
import { agreementLevel, NO_AGREEMENT, type Agreement } from './agreement.ts';
import { Field } from './Field.tsx';
import { LazyAgreementBlock as AgreementBlock } from './lazy-parts.tsx';
import { SIGNUP_DEBOUNCE, useSubmitGuard } from './use-submit-guard.ts';
import { focusFirstInvalid, useSignupChecks } from './use-signup-checks.ts';
import { useHydrated } from './use-hydrated.ts';
import { fieldError, localizeText } from './validate.ts';
import { WelcomePanel } from './WelcomePanel.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

interface Props {
  locale: Locale;
  provider: LoginProvider;
  /** The sign-up ticket from the OAuth callback. */
  accessToken: string;
  callbackURL: string;
  serviceName: string;
}

/** Social sign-up (SPEC §3): nickname, recommender, terms; country for google/naver, ID for twitch. */
export function SocialSignupForm({ locale, provider, accessToken, callbackURL, serviceName }: Props) {
  const o = { locale };
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const [nickname, setNickname] = useState('');
  const [recommendId, setRecommendId] = useState('');
  const [loginId, setLoginId] = useState('');
  const [countryCode, setCountryCode] = useState('82');
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [agreement, setAgreement] = useState<Agreement>(NO_AGREEMENT);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState('');
  const checks = useSignupChecks(locale);
  const { errors, notes, setErrors } = checks;
  const wantsCountry = provider === 'google' || provider === 'naver';
  const wantsLoginId = provider === 'twitch';

  useEffect(() => {
    if (wantsCountry) void loadCountries(locale).then(setCountries);
  }, [locale, wantsCountry]);

  const send = async () => {
    const res = await socialSignUp(provider, {
      accessToken,
      nickname,
      recommendId,
      agreeMarketing: agreement.marketing,
      ...(wantsCountry ? { countryCodes: countryCode } : {}),
      ...(wantsLoginId && loginId ? { loginId } : {}),
    });
    if (res.ok) return setDone(true);
    const known = signupErrorField(res.failure);
    if (known) {
      setErrors((e) => ({ ...e, [known.field]: localizeText(known.text, locale) }));
      return focusFirstInvalid(root.current);
    }
    setFormError(failureText(res.failure, locale, m.auth_error_unknown({}, o)));
  };
  const guard = useSubmitGuard(send, SIGNUP_DEBOUNCE);

  if (done) return <WelcomePanel locale={locale} serviceName={serviceName} callbackURL={callbackURL} onClose={() => window.location.assign(callbackURL)} />;

  const onSubmit = () => {
    if (!guard.press()) return;
    const found = {
      nickname: errors.nickname ?? fieldError(nicknameSchema, nickname, locale) ?? undefined,
      loginId: wantsLoginId && loginId ? (errors.loginId ?? fieldError(loginIdSchema, loginId, locale) ?? undefined) : undefined,
      recommendId: errors.recommendId,
      agreement: agreementLevel(agreement) === 'none' ? localizeText(T.termsRequired, locale) : undefined,
    };
    setErrors(found);
    setFormError('');
    if (Object.values(found).some(Boolean)) return focusFirstInvalid(root.current);
    void guard.submit();
  };

  return (
    <div className="auth-form" ref={root}>
      <p>{m.auth_callback_signup_lead({}, o)}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <fieldset className="auth-plain" disabled={!hydrated}>
          {wantsLoginId && (
            <Field
              label={m.auth_field_login_id({}, o)}
              hint={m.auth_field_login_id_hint({}, o)}
              value={loginId}
              onValue={(v) => (setLoginId(v), checks.set('loginId', null))}
              onBlur={() => void checks.checkLoginId(loginId)}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LOGIN_ID_LENGTH_MAX}
              error={errors.loginId}
              note={notes.loginId}
            />
          )}
          <Field
            label={m.auth_field_nickname({}, o)}
            value={nickname}
            onValue={(v) => (setNickname(v), checks.set('nickname', null))}
            onBlur={() => void checks.checkNickname(nickname)}
            maxLength={NICKNAME_LENGTH_MAX}
            error={errors.nickname}
            note={notes.nickname}
          />
          <Field
            label={m.auth_field_recommender({}, o)}
            hint={m.auth_field_optional({}, o)}
            value={recommendId}
            onValue={(v) => (setRecommendId(v), checks.set('recommendId', null))}
            onBlur={() => void checks.checkRecommender(recommendId)}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LOGIN_ID_LENGTH_MAX}
            error={errors.recommendId}
          />
          {wantsCountry && (
            <div className="auth-select">
              <label htmlFor="social-country">{m.auth_field_country_code({}, o)}</label>
              <select id="social-country" value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
                {countries.map((c) => (
                  <option key={`${c.phoneCode}-${c.name}`} value={c.phoneCode}>{`${c.name} (+${c.phoneCode})`}</option>
                ))}
              </select>
            </div>
          )}
          <AgreementBlock locale={locale} value={agreement} onChange={(a) => (setAgreement(a), checks.set('agreement', null))} error={errors.agreement} />
          <FormMessage className="auth-error auth-form-error" live>
            {formError}
          </FormMessage>
          <button type="submit" className="auth-submit" aria-disabled={guard.disabled || undefined} aria-busy={guard.busy || undefined}>
            {m.auth_button_signup({}, o)}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
