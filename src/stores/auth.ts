/**
 * Sign-in and sign-up actions (SPEC §3, §4, §7, §8). Components call these; the answers are
 * values (`{ ok: true } | { ok: false, … }`), never thrown, and never hold a token.
 */
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { PAGE } from '../../domain/routes.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '../../domain/limits.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { requestDevice } from '../lib/device.ts';
import { nativeSigninFields } from '../lib/native-device.ts';
import { loadSession } from './session.ts';
import { rememberLoginId } from './auth-saved-id.ts';

export interface SigninInput {
  loginId: string;
  password: string;
  loginKeep: boolean;
  saveId: boolean;
}

/** Why a sign-in failed, per SPEC §8: `invalid` and `blocked` have fixed texts, `message` shows the server's. */
export type SigninFailure =
  | { kind: 'invalid' }
  | { kind: 'blocked' }
  | { kind: 'message'; text: string }
  | { kind: 'unknown' };

/** SPEC §8: 401 without a message → invalid; 401 with one → that message; 423 → blocked. */
export function signinFailureOf({ status, message }: Pick<ApiFailure, 'status' | 'message'>): SigninFailure {
  if (status === 423) return { kind: 'blocked' };
  if (status === 401) return message ? { kind: 'message', text: message } : { kind: 'invalid' };
  if (message) return { kind: 'message', text: message };
  return { kind: 'unknown' };
}

export async function signIn(input: SigninInput): Promise<{ ok: true } | { ok: false; failure: SigninFailure }> {
  const r = await apiResult('/v2/api/auth/signin', {
    method: 'POST',
    body: { ...input, device: requestDevice(), ...nativeSigninFields() },
    silent: true,
  });
  if (!r.ok) return { ok: false, failure: signinFailureOf(r.failure) };
  rememberLoginId(input.loginId, input.saveId);
  await loadSession({ force: true });
  return { ok: true };
}

/** SPEC §4: after a successful sign-in the browser goes to the sanitised callbackURL after 100 ms. */
export function redirectAfterSignin(callbackURL: string | null | undefined): void {
  const target = safeCallbackUrl(callbackURL ?? PAGE.home);
  setTimeout(() => window.location.assign(target), LOGIN_REDIRECT_DELAY_MS);
}
