import { useCallback, useEffect, useId, useState } from 'react';
import { LOGIN_ID_LENGTH_MAX, PASSWORD_INPUT_FOREIGNER_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { readSavedLoginId } from '../../stores/auth-saved-id.ts';
import { Field } from './Field.tsx';
import { useHydrated } from './use-hydrated.ts';
import { LazySocialButtons as SocialButtons } from './lazy-parts.tsx';
import { useSubmitGuard } from './use-submit-guard.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

// The fields' check (valibot), the sign-in call and its failure texts are needed at the first submit, not to type:
// fetched when the form is first focused (a tap or key in it), so the page carries what it shows.
const loadSubmit = () => import('./signin-submit.ts');

export interface SigninFormProps {
  locale: Locale;
  /** Already sanitised; where the browser goes after signing in. */
  callbackURL: string;
  /** Called on success instead of nothing, e.g. to close the dialog before the redirect. */
  onSignedIn?: () => void;
  /** The social buttons right after hydration, not on the visitor's first interaction (the dialog). */
  socialNow?: boolean;
}

/** SPEC §2 "Sign-in form": ID, password, keep login, save ID, Enter submits, social buttons, find-ID link. */
export function SigninForm({ locale, callbackURL, onSignedIn, socialNow }: SigninFormProps) {
  const o = { locale };
  const hydrated = useHydrated();
  const uid = useId();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [loginKeep, setLoginKeep] = useState(false);
  const [saveId, setSaveId] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ loginId?: string; password?: string }>({});

  useEffect(() => {
    const saved = readSavedLoginId();
    if (saved) {
      setLoginId(saved);
      setSaveId(true);
    }
  }, []);

  const run = useCallback(async () => {
    const submit = await loadSubmit();
    const refused = submit.signinFieldErrors({ loginId, password }, locale);
    setFieldError(refused);
    setError(null);
    if (refused.loginId || refused.password) return;
    const res = await submit.signIn({ loginId, password, loginKeep, saveId });
    if (!res.ok) {
      setError(submit.signinFailureText(res.failure, locale));
      return;
    }
    onSignedIn?.();
    submit.redirectAfterSignin(callbackURL);
  }, [loginId, password, loginKeep, saveId, callbackURL, locale, onSignedIn]);

  const { press, submit, busy, disabled } = useSubmitGuard(run);

  return (
    <div className="auth-form auth-signin">
      <form
        noValidate
        onFocus={() => void loadSubmit()}
        onSubmit={(e) => {
          e.preventDefault();
          if (press()) void submit();
        }}
      >
        <fieldset className="auth-plain" disabled={!hydrated}>
          <Field
            label={m.auth_field_login_id({}, o)}
            value={loginId}
            onValue={setLoginId}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LOGIN_ID_LENGTH_MAX}
            error={fieldError.loginId}
          />
          <Field
            label={m.auth_field_password({}, o)}
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            // No account's password is longer than the foreigner form's.
            maxLength={PASSWORD_INPUT_FOREIGNER_MAX}
            error={fieldError.password}
          />
          <div className="auth-checks">
            <span className="auth-check">
              <input
                id={`${uid}-keep`}
                type="checkbox"
                checked={loginKeep}
                onChange={(e) => setLoginKeep(e.target.checked)}
              />
              <label htmlFor={`${uid}-keep`}>{m.auth_check_keep_login({}, o)}</label>
            </span>
            <span className="auth-check">
              <input
                id={`${uid}-save`}
                type="checkbox"
                checked={saveId}
                onChange={(e) => setSaveId(e.target.checked)}
              />
              <label htmlFor={`${uid}-save`}>{m.auth_check_save_id({}, o)}</label>
            </span>
          </div>
          <FormMessage className="auth-error auth-form-error" live>
            {error}
          </FormMessage>
          <button
            type="submit"
            className="auth-submit"
            aria-disabled={disabled || undefined}
            aria-busy={busy || undefined}
          >
            {m.auth_button_signin({}, o)}
          </button>
        </fieldset>
      </form>
      <p className="auth-links">
        <a href={PAGE.findAccount}>{m.auth_signin_find_link({}, o)}</a>
      </p>
      <SocialButtons locale={locale} callbackURL={callbackURL} now={socialNow} />
    </div>
  );
}
