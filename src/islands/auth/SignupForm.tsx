import { useRef, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { showAlert } from '../../stores/modals.ts';
import { NO_AGREEMENT, type Agreement } from './agreement.ts';
import { AccountFields, useAccountValues } from './AccountFields.tsx';
import { useHydrated } from './use-hydrated.ts';
import AgreementBlock from './AgreementBlock.tsx';
import { LazySocialButtons as SocialButtons } from './lazy-parts.tsx';
import { SIGNUP_DEBOUNCE, useSubmitGuard } from './use-submit-guard.ts';
import { focusFirstInvalid, useSignupChecks } from './use-signup-checks.ts';
import { loadRules } from './load-rules.ts';

export interface SignupFormProps {
  locale: Locale;
  callbackURL: string;
  /** Hides the optional recommender field when the query already names one. */
  recommendId?: string;
  onDone: () => void;
  /** The social buttons right after hydration, not on the visitor's first interaction (the dialog). */
  socialNow?: boolean;
}

/** SPEC §2 "Domestic sign-up form". */
export function SignupForm({
  locale,
  callbackURL,
  recommendId: presetRecommender = '',
  onDone,
  socialNow,
}: SignupFormProps) {
  const o = { locale };
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const account = useAccountValues(presetRecommender);
  const { loginId, password, passwordConfirm, nickname, recommendId } = account;
  const [agreement, setAgreement] = useState<Agreement>(NO_AGREEMENT);
  const checks = useSignupChecks(locale);
  const { errors, setErrors } = checks;

  const payload = {
    loginId,
    password,
    passwordConfirm,
    nickname,
    recommendId,
    agreeTerms: agreement.terms,
    agreePrivacy: agreement.privacy,
    agreeMarketing: agreement.marketing,
  };

  const send = async () => {
    const { failureText, localizeText, signUp, signupErrorField } = await loadRules();
    const res = await signUp(payload);
    if (res.ok) return onDone();
    const known = signupErrorField(res.failure);
    if (known) {
      setErrors((e) => ({ ...e, [known.field]: localizeText(known.text, locale) }));
      focusFirstInvalid(root.current);
      return;
    }
    // SPEC §8: the server's error_msg in an alert.
    showAlert(failureText(res.failure, locale, m.auth_error_unknown({}, o)));
  };

  const guard = useSubmitGuard(send, SIGNUP_DEBOUNCE);

  const onSubmit = async () => {
    if (!guard.press()) return;
    const r = await loadRules();
    const input = payload;
    const found = { ...r.crossFieldErrors(input, locale), ...r.fieldErrors(r.signupSchema, input, locale) };
    // A live check that already failed keeps its message until the field changes.
    for (const k of ['loginId', 'nickname', 'recommendId'] as const) if (errors[k] && !found[k]) found[k] = errors[k];
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirstInvalid(root.current);
    void guard.submit();
  };

  return (
    <div className="auth-form auth-signup" ref={root}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <fieldset className="auth-plain" disabled={!hydrated}>
          <AccountFields
            locale={locale}
            values={account}
            checks={checks}
            passwordMax={15}
            presetRecommender={presetRecommender}
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
      <SocialButtons locale={locale} callbackURL={callbackURL} now={socialNow} />
    </div>
  );
}
