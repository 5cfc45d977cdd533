import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import AgreementBlock from './AgreementBlock.tsx';
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

/** The values a social sign-up asks for: nickname, optional recommender, and an ID where the provider has none. */
function useSocialValues() {
  const [nickname, setNickname] = useState('');
  const [recommendId, setRecommendId] = useState('');
  const [loginId, setLoginId] = useState('');
  return { nickname, setNickname, recommendId, setRecommendId, loginId, setLoginId };
}

type SocialValues = ReturnType<typeof useSocialValues>;
type SignupChecks = ReturnType<typeof useSignupChecks>;

const wantsCountry = (provider: LoginProvider) => provider === 'google' || provider === 'naver';
const wantsLoginId = (provider: LoginProvider) => provider === 'twitch';

/** The call's body: the country code for google and naver only, the ID only when twitch's was typed. */
function signupBody(
  provider: LoginProvider,
  accessToken: string,
  v: SocialValues,
  agreeMarketing: boolean,
  country: string,
) {
  return {
    accessToken,
    nickname: v.nickname,
    recommendId: v.recommendId,
    agreeMarketing,
    ...(wantsCountry(provider) ? { countryCodes: country } : {}),
    ...(wantsLoginId(provider) && v.loginId ? { loginId: v.loginId } : {}),
  };
}

/** What the fields say is wrong before sending: a live check's verdict first, then the schema's. */
function formErrors(
  provider: LoginProvider,
  v: SocialValues,
  agreement: Agreement,
  checks: SignupChecks,
  locale: Locale,
) {
  const { errors } = checks;
  const loginIdError = () => errors.loginId ?? fieldError(loginIdSchema, v.loginId, locale) ?? undefined;
  return {
    nickname: errors.nickname ?? fieldError(nicknameSchema, v.nickname, locale) ?? undefined,
    loginId: wantsLoginId(provider) && v.loginId ? loginIdError() : undefined,
    recommendId: errors.recommendId,
    agreement: agreementLevel(agreement) === 'none' ? localizeText(T.termsRequired, locale) : undefined,
  };
}

interface FieldsProps {
  locale: Locale;
  values: SocialValues;
  checks: SignupChecks;
  provider: LoginProvider;
}

/** The text fields with their live checks; a checked field's verdict is cleared when it changes. */
function SocialFields({ locale, values: v, checks, provider }: FieldsProps) {
  const o = { locale };
  const { errors, notes } = checks;
  return (
    <>
      {wantsLoginId(provider) && (
        <Field
          label={m.auth_field_login_id({}, o)}
          hint={m.auth_field_login_id_hint({}, o)}
          value={v.loginId}
          onValue={(value) => (v.setLoginId(value), checks.set('loginId', null))}
          onBlur={() => void checks.checkLoginId(v.loginId)}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LOGIN_ID_LENGTH_MAX}
          error={errors.loginId}
          note={notes.loginId}
        />
      )}
      <Field
        label={m.auth_field_nickname({}, o)}
        value={v.nickname}
        onValue={(value) => (v.setNickname(value), checks.set('nickname', null))}
        onBlur={() => void checks.checkNickname(v.nickname)}
        maxLength={NICKNAME_LENGTH_MAX}
        error={errors.nickname}
        note={notes.nickname}
      />
      <Field
        label={m.auth_field_recommender({}, o)}
        hint={m.auth_field_optional({}, o)}
        value={v.recommendId}
        onValue={(value) => (v.setRecommendId(value), checks.set('recommendId', null))}
        onBlur={() => void checks.checkRecommender(v.recommendId)}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LOGIN_ID_LENGTH_MAX}
        error={errors.recommendId}
      />
    </>
  );
}

/** The phone country code google and naver sign-ups ask for, from the country list. */
function CountrySelect({ locale, value, onChange }: { locale: Locale; value: string; onChange: (v: string) => void }) {
  const [countries, setCountries] = useState<CountryOption[]>([]);
  useEffect(() => {
    void loadCountries(locale).then((list) => setCountries(list ?? []));
  }, [locale]);
  return (
    <div className="auth-select">
      <label htmlFor="social-country">{m.auth_field_country_code({}, { locale })}</label>
      <select id="social-country" value={value} onChange={(e) => onChange(e.target.value)}>
        {countries.map((c) => (
          <option key={`${c.phoneCode}-${c.name}`} value={c.phoneCode}>{`${c.name} (+${c.phoneCode})`}</option>
        ))}
      </select>
    </div>
  );
}

/** Social sign-up (SPEC §3): nickname, recommender, terms; country for google/naver, ID for twitch. */
export function SocialSignupForm({ locale, provider, accessToken, callbackURL, serviceName }: Props) {
  const o = { locale };
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const values = useSocialValues();
  const [countryCode, setCountryCode] = useState('82');
  const [agreement, setAgreement] = useState<Agreement>(NO_AGREEMENT);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState('');
  const checks = useSignupChecks(locale);
  const { errors, setErrors } = checks;

  const send = async () => {
    const body = signupBody(provider, accessToken, values, agreement.marketing, countryCode);
    const res = await socialSignUp(provider, body);
    if (res.ok) return setDone(true);
    const known = signupErrorField(res.failure);
    if (known) {
      setErrors((e) => ({ ...e, [known.field]: localizeText(known.text, locale) }));
      return focusFirstInvalid(root.current);
    }
    setFormError(failureText(res.failure, locale, m.auth_error_unknown({}, o)));
  };
  const guard = useSubmitGuard(send, SIGNUP_DEBOUNCE);

  if (done) {
    const onClose = () => window.location.assign(callbackURL);
    return <WelcomePanel locale={locale} serviceName={serviceName} callbackURL={callbackURL} onClose={onClose} />;
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!guard.press()) return;
    const found = formErrors(provider, values, agreement, checks, locale);
    setErrors(found);
    setFormError('');
    if (Object.values(found).some(Boolean)) return focusFirstInvalid(root.current);
    void guard.submit();
  };

  return (
    <div className="auth-form" ref={root}>
      <p>{m.auth_callback_signup_lead({}, o)}</p>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className="auth-plain" disabled={!hydrated}>
          <SocialFields locale={locale} values={values} checks={checks} provider={provider} />
          {wantsCountry(provider) && <CountrySelect locale={locale} value={countryCode} onChange={setCountryCode} />}
          <AgreementBlock
            locale={locale}
            value={agreement}
            onChange={(a) => (setAgreement(a), checks.set('agreement', null))}
            error={errors.agreement}
          />
          <FormMessage className="auth-error auth-form-error" live>
            {formError}
          </FormMessage>
          <button
            type="submit"
            className="auth-submit"
            aria-disabled={guard.disabled || undefined}
            aria-busy={guard.busy || undefined}
          >
            {m.auth_button_signup({}, o)}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
