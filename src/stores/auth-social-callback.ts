/**
 * The return of a social login (SPEC §2, §3, §7, §8) on /callback/{provider}/authorize: the
 * provider's code exchanged, a linked account signed in, a new one signed up.
 */
import type { LoginProvider } from '../../domain/enums.ts';
import { PAGE } from '../../domain/routes.ts';
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { requestDevice } from '../lib/device.ts';
import { storedPartnerCode } from '../lib/storage-keys.ts';
import { SOCIAL_CALLBACK_KEY } from './auth-social.ts';
import { trackSignupOkLater } from './auth-signup.ts';
import { loadSession } from './session.ts';

/** The callbackURL a social button stored before leaving, sanitised; the home page when none. */
export function takeSocialCallback(): string {
  try {
    const v = sessionStorage.getItem(SOCIAL_CALLBACK_KEY);
    sessionStorage.removeItem(SOCIAL_CALLBACK_KEY);
    return safeCallbackUrl(v ?? PAGE.home);
  } catch {
    return PAGE.home;
  }
}

export type SocialResult =
  | { kind: 'signedin' }
  | { kind: 'signup'; accessToken: string }
  | { kind: 'failed'; message: string };

/** SPEC §8 "Social sign-up failure default": the server's message, else the fixed unknown-error text. */
function failed(f: ApiFailure): SocialResult {
  if (f.code === 'social_failed' || !f.message) return { kind: 'failed', message: '' };
  return { kind: 'failed', message: f.message };
}

/** Exchanges the provider's code: a linked account is signed in, a new one gets a sign-up ticket. */
export async function completeSocialLogin(provider: LoginProvider, code: string, state: string): Promise<SocialResult> {
  const r = await apiResult<{ status?: string; accessToken?: string }>(`/api/auth/oauth/${provider}/callback`, {
    method: 'POST',
    body: { code, state },
    silent: true,
  });
  if (!r.ok) return failed(r.failure);
  const res = r.value;
  if (res.status === 'signedin') {
    await loadSession({ force: true });
    return { kind: 'signedin' };
  }
  if (res.status === 'signup' && typeof res.accessToken === 'string')
    return { kind: 'signup', accessToken: res.accessToken };
  return { kind: 'failed', message: '' };
}

export interface SocialSignupInput {
  accessToken: string;
  nickname: string;
  recommendId: string;
  agreeMarketing: boolean;
  /** google and naver. */
  countryCodes?: string;
  /** twitch. */
  loginId?: string;
}

/** SPEC §3/§7 social sign-up; signs the browser in on success. */
export async function socialSignUp(
  provider: LoginProvider,
  input: SocialSignupInput,
): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  const body = { ...input, pcode: storedPartnerCode() ?? '', device: requestDevice() };
  const path = `/api/auth/signup/oauth/${provider}`;
  const r = await apiResult(path, { method: 'POST', body, silent: true });
  if (!r.ok) {
    const f = r.failure;
    // SPEC §8: social_failed shows the fixed unknown-error text, whatever the server said.
    return { ok: false, failure: f.code === 'social_failed' ? { ...f, message: '' } : f };
  }
  trackSignupOkLater();
  await loadSession({ force: true });
  return { ok: true };
}
