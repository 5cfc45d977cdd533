/**
 * Sign-up actions (SPEC §3 payload, §5 live checks, §7 calls, §8 "Sign-up error"). Answers are
 * values; after a successful sign-up the browser is signed in and `signup_ok` is tracked.
 */
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { requestDevice } from '../lib/device.ts';
import { storedPartnerCode } from '../lib/storage-keys.ts';
import { FORM_TEXTS as T } from '../../domain/schemas/texts.ts';
import { signIn } from './auth.ts';
import { loadSession } from './session.ts';

/** Lookups answer a word (`ok`, `exists`, `overlap`, `notfound`), bare or in a field. */
export function lookupWord(body: unknown): string {
  if (typeof body === 'string') return body.trim().toLowerCase();
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const k of ['result', 'status', 'data', 'message']) {
      if (typeof b[k] === 'string') return (b[k] as string).trim().toLowerCase();
    }
  }
  return '';
}

async function lookup(path: string): Promise<string> {
  const r = await apiResult<unknown>(path, { silent: true });
  // A refused lookup (malformed input, rate limit) says nothing about the name: '' = unknown.
  return r.ok ? lookupWord(r.value) : '';
}

/** SPEC §5: the server must answer ok; null = no answer either way (the sign-up call decides). */
export async function checkLoginIdFree(loginId: string): Promise<boolean | null> {
  const w = await lookup(`/api/guest/loginId/${encodeURIComponent(loginId)}`);
  return w === 'ok' ? true : w === 'exists' ? false : null;
}

/** SPEC §5: `overlap` means the nickname is taken. */
export async function checkNicknameFree(nickname: string): Promise<boolean | null> {
  const w = await lookup(`/api/guest/nickname/${encodeURIComponent(nickname)}`);
  return w === 'ok' ? true : w === 'overlap' ? false : null;
}

/** SPEC §5: `notfound` means no such recommender. */
export async function checkRecommenderExists(loginId: string): Promise<boolean | null> {
  const w = await lookup(`/api/guest/findRecommender/${encodeURIComponent(loginId)}`);
  return w === 'ok' ? true : w === 'notfound' ? false : null;
}

/** The field a coded sign-up error belongs to, with its §5 text; null = show it in an alert. */
export function signupErrorField(f: ApiFailure): { field: string; text: string } | null {
  switch (f.code) {
    case 'login_id_exists':
      return { field: 'loginId', text: T.loginIdExists };
    case 'nickname_exists':
      return { field: 'nickname', text: T.nicknameExists };
    case 'recommender_not_found':
      return { field: 'recommendId', text: T.recommenderNotFound };
    case 'phone_verification_required':
      return { field: 'phoneVerificationToken', text: T.phoneVerificationRequired };
    default:
      return null;
  }
}

import { $adultBroadcast } from './auth-welcome.ts';
import { partnerFromQuery, type SignupContext } from './auth-partner.ts';
export type { SignupContext } from './auth-partner.ts';

export type SignupResult = { ok: true } | { ok: false; failure: ApiFailure };

/**
 * POST /api/auth/signup with the §3 payload, then makes sure the browser is signed in (the API
 * may set the session itself; otherwise we sign in with the same credentials).
 */
export async function signUp(
  payload: Record<string, unknown>,
  ctx: SignupContext = partnerFromQuery(location.search) ?? {},
): Promise<SignupResult> {
  const body = {
    ...payload,
    pcode: storedPartnerCode() ?? '',
    device: requestDevice(),
    adultValue: $adultBroadcast.get() || new URLSearchParams(location.search).get('adult') === '1',
    ...(ctx.aspCode ? { aspCode: ctx.aspCode } : {}),
    ...(ctx.userkey ? { userkey: ctx.userkey } : {}),
  };
  const r = await apiResult('/api/auth/signup', { method: 'POST', body, silent: true });
  if (!r.ok) return r;
  trackSignup();
  const s = await loadSession({ force: true });
  if (s.status !== 'member') {
    await signIn({
      loginId: String(payload.loginId),
      password: String(payload.password),
      loginKeep: false,
      saveId: false,
    });
  }
  return { ok: true };
}

/** SPEC §7 conversion tracking: `signup_ok` through the shell's tracking module (a no-op unless configured). */
export function trackSignup(): void {
  trackSignupOkLater();
}

/** Tracking loads only when something is tracked (the shell keeps it out of the first download). */
export function trackSignupOkLater(): void {
  void import('../lib/tracking.ts').then((t) => t.trackSignupOk()).catch(() => undefined);
}
