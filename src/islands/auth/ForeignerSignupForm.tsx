import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { NAME_LENGTH_MAX, PASSWORD_INPUT_FOREIGNER_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { createPhoneVerification } from '../../stores/auth-phone.ts';
import { showAlert } from '../../stores/modals.ts';
import { NO_AGREEMENT, type Agreement } from './agreement.ts';
import { BirthdayGenderFields, birthdayValue, type Birthday } from './BirthdayGenderFields.tsx';
import { AccountFields, useAccountValues } from './AccountFields.tsx';
import { Field } from './Field.tsx';
import AgreementBlock from './AgreementBlock.tsx';
import { useHydrated } from './use-hydrated.ts';
import type { CountryOption } from '../../stores/auth-countries.ts';
import { PhoneVerification } from './PhoneVerification.tsx';
import { SIGNUP_DEBOUNCE, useSubmitGuard } from './use-submit-guard.ts';
import { focusFirstInvalid, useSignupChecks } from './use-signup-checks.ts';
import { loadRules } from './load-rules.ts';

export interface ForeignerSignupFormProps {
  locale: Locale;
  countries: readonly CountryOption[];
  recommendId?: string;
  onDone: () => void;
  /** The country list did not come: a retry beside the select. */
  onRetryCountries?: () => void;
}

/** What only a foreigner is asked: name, birthday, gender, and the phone to verify. */
function usePersonValues(countries: readonly CountryOption[]) {
  const [name, setName] = useState('');
  const [birthday, setBirthday] = useState<Birthday>({ year: '', month: '', day: '' });
  const [gender, setGender] = useState('');
  const [countryCode, setCountryCode] = useState(countries[0]?.phoneCode ?? '');
  const [phone, setPhone] = useState('');
  // A list that arrives after the form (or on a retry) starts the select on its first country, the caller's own.
  const first = countries[0]?.phoneCode ?? '';
  useEffect(() => {
    if (first) setCountryCode((code) => code || first);
  }, [first]);
  return { name, setName, birthday, setBirthday, gender, setGender, countryCode, setCountryCode, phone, setPhone };
}

type AccountValues = ReturnType<typeof useAccountValues>;
type PersonValues = ReturnType<typeof usePersonValues>;
type PhoneMachine = ReturnType<typeof createPhoneVerification>;

/** The sign-up body, in the order of SPEC §2's form. */
function signupPayload(account: AccountValues, person: PersonValues, machine: PhoneMachine, agreement: Agreement) {
  const { loginId, password, passwordConfirm, nickname, recommendId } = account;
  const { name, birthday, gender, countryCode, phone } = person;
  return {
    loginId,
    password,
    passwordConfirm,
    // Only the ends of a name are trimmed: "John Walker" stays as typed (the API trims the same way).
    name: name.trim(),
    nickname,
    recommendId,
    birthday: birthdayValue(birthday),
    gender,
    countryCode,
    phone,
    phoneVerificationToken: machine.$state.get().token,
    agreeTerms: agreement.terms,
    agreePrivacy: agreement.privacy,
    agreeMarketing: agreement.marketing,
  };
}

interface PersonProps {
  locale: Locale;
  values: PersonValues;
  checks: ReturnType<typeof useSignupChecks>;
  machine: PhoneMachine;
  countries: readonly CountryOption[];
  onRetryCountries?: () => void;
}

/** Birthday, gender and the phone check; a field's error is cleared when it changes. */
function PersonFields({ locale, values: v, checks, machine, countries, onRetryCountries }: PersonProps) {
  const { errors } = checks;
  return (
    <>
      <BirthdayGenderFields
        locale={locale}
        birthday={v.birthday}
        onBirthday={(b) => (v.setBirthday(b), checks.set('birthday', null))}
        gender={v.gender}
        onGender={(g) => (v.setGender(g), checks.set('gender', null))}
        birthdayError={errors.birthday}
        genderError={errors.gender}
      />
      <PhoneVerification
        locale={locale}
        machine={machine}
        countries={countries}
        countryCode={v.countryCode}
        onCountryCode={v.setCountryCode}
        phone={v.phone}
        onPhone={(value) => (v.setPhone(value), checks.set('phone', null))}
        requiredError={errors.phoneVerificationToken ?? errors.phone ?? errors.countryCode}
        onRetryCountries={onRetryCountries}
      />
    </>
  );
}

/** SPEC §2 "Foreigner sign-up form", with phone verification. */
export function ForeignerSignupForm({
  locale,
  countries,
  recommendId: presetRecommender = '',
  onDone,
  onRetryCountries,
}: ForeignerSignupFormProps) {
  const o = { locale };
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const machine = useMemo(() => createPhoneVerification(), []);
  const account = useAccountValues(presetRecommender);
  const person = usePersonValues(countries);
  const [agreement, setAgreement] = useState<Agreement>(NO_AGREEMENT);
  const checks = useSignupChecks(locale);
  const { errors, setErrors } = checks;

  const payload = () => signupPayload(account, person, machine, agreement);

  const send = async () => {
    const { failureText, localizeText, signUp, signupErrorField } = await loadRules();
    const res = await signUp(payload());
    if (res.ok) return onDone();
    const known = signupErrorField(res.failure);
    if (known) {
      setErrors((e) => ({ ...e, [known.field]: localizeText(known.text, locale) }));
      return focusFirstInvalid(root.current);
    }
    showAlert(failureText(res.failure, locale, m.auth_error_unknown({}, o)));
  };

  const guard = useSubmitGuard(send, SIGNUP_DEBOUNCE);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!guard.press()) return;
    const r = await loadRules();
    const input = payload();
    const found = { ...r.crossFieldErrors(input, locale), ...r.fieldErrors(r.foreignerSignupSchema, input, locale) };
    for (const k of ['loginId', 'nickname', 'recommendId'] as const) if (errors[k] && !found[k]) found[k] = errors[k];
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirstInvalid(root.current);
    void guard.submit();
  };

  return (
    <div className="auth-form auth-signup-foreigner" ref={root}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="auth-plain" disabled={!hydrated}>
          <AccountFields
            locale={locale}
            values={account}
            checks={checks}
            passwordMax={PASSWORD_INPUT_FOREIGNER_MAX}
            foreigner
            presetRecommender={presetRecommender}
          >
            <Field
              label={m.auth_field_name({}, o)}
              value={person.name}
              onValue={person.setName}
              autoComplete="name"
              keepSpaces
              maxLength={NAME_LENGTH_MAX}
              error={errors.name}
            />
          </AccountFields>
          <PersonFields
            locale={locale}
            values={person}
            checks={checks}
            machine={machine}
            countries={countries}
            onRetryCountries={onRetryCountries}
          />
          <AgreementBlock
            locale={locale}
            value={agreement}
            onChange={(a) => (setAgreement(a), checks.set('agreement', null))}
            error={errors.agreement}
          />
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
