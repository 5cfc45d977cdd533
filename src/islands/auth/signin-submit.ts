/**
 * What the sign-in form needs only once it is submitted (SigninForm loads it on first focus): the
 * check of its fields, the call and the texts of its failures.
 */
import type { Locale } from '../../../domain/locales.ts';
import { signinSchema } from '../../../domain/schemas/signin.ts';
import { m } from '../../paraglide/messages.js';
import type { SigninFailure } from '../../stores/auth.ts';
import { fieldErrors } from './validate.ts';

export { redirectAfterSignin, signIn } from '../../stores/auth.ts';

/**
 * What `signinSchema` (the rule the API checks the sign-in with) refuses in the two fields, in SPEC §4's
 * words in `locale`; both undefined when the form may be sent.
 */
export function signinFieldErrors(input: { loginId: string; password: string }, locale: Locale) {
  const errors = fieldErrors(signinSchema, { ...input, loginKeep: false, saveId: false }, locale);
  return { loginId: errors.loginId, password: errors.password };
}

/** SPEC §8: the fixed texts of an invalid or blocked sign-in; the server's own message as it is. */
export function signinFailureText(f: SigninFailure, locale: Locale): string {
  switch (f.kind) {
    case 'invalid':
      return m.auth_error_signin_invalid({}, { locale });
    case 'blocked':
      return m.auth_error_signin_blocked({}, { locale });
    case 'message':
      return f.text;
    case 'unknown':
      return m.auth_error_unknown({}, { locale });
  }
}
