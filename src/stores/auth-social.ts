/**
 * Social login (SPEC §2, §7): which providers the channel settings enable, and where each
 * button starts the OAuth round trip that ends on /callback/{provider}/authorize.
 */
import { computed, type ReadableAtom } from 'nanostores';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../domain/enums.ts';
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { PAGE } from '../../domain/routes.ts';
import { apiFailureOf, apiRequest, type ApiFailure } from '../lib/api-client.ts';
import { requestDevice } from '../lib/device.ts';
import { storedPartnerCode } from '../lib/storage-keys.ts';
import { trackSignupOkLater } from './auth-signup.ts';
import { $channelSettings } from './channel-settings.ts';
import { loadSession } from './session.ts';

interface SnsSettings {
  isSnsLoginKakao?: boolean;
  isSnsLoginNaver?: boolean;
  isSnsLoginGoogle?: boolean;
  isSnsLoginTwitch?: boolean;
}

const FLAG: Record<LoginProvider, keyof SnsSettings> = {
  kakao: 'isSnsLoginKakao',
  naver: 'isSnsLoginNaver',
  google: 'isSnsLoginGoogle',
  twitch: 'isSnsLoginTwitch',
};

/** The providers of SPEC §3, in the order the buttons show, that `settings` enables. */
export function enabledProviders(settings: SnsSettings | null): LoginProvider[] {
  if (!settings) return [];
  return LOGIN_PROVIDERS.filter((p) => settings[FLAG[p]] === true);
}

/** The enabled providers, from the shell's cached channel settings (none until they load). */
export const $socialProviders: ReadableAtom<LoginProvider[]> = computed($channelSettings, (s) => enabledProviders(s.data ?? null));

/** Where a social button sends the browser; the callbackURL rides along in sessionStorage. */
export const SOCIAL_CALLBACK_KEY = 'flx_social_callback';

/** The API's authorize step; the provider (or the development simulator) returns to /callback/{provider}/authorize. */
export function socialStartUrl(provider: LoginProvider): string {
  return `/api/auth/oauth/${provider}/authorize`;
}

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

export type SocialResult = { kind: 'signedin' } | { kind: 'signup'; accessToken: string } | { kind: 'failed'; message: string };

/** SPEC §8 "Social sign-up failure default": the server's message, else the fixed unknown-error text. */
function failure(error: unknown): SocialResult {
  const f = apiFailureOf(error);
  if (f.code === 'social_failed' || !f.message) return { kind: 'failed', message: '' };
  return { kind: 'failed', message: f.message };
}

/** Exchanges the provider's code: a linked account is signed in, a new one gets a sign-up ticket. */
export async function completeSocialLogin(provider: LoginProvider, code: string, state: string): Promise<SocialResult> {
  try {
    const res = await apiRequest<{ status?: string; accessToken?: string }>(`/api/auth/oauth/${provider}/callback`, {
      method: 'POST',
      body: { code, state },
      silent: true,
    });
    if (res.status === 'signedin') {
      await loadSession({ force: true });
      return { kind: 'signedin' };
    }
    if (res.status === 'signup' && typeof res.accessToken === 'string') return { kind: 'signup', accessToken: res.accessToken };
    return { kind: 'failed', message: '' };
  } catch (error) {
    return failure(error);
  }
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
export async function socialSignUp(provider: LoginProvider, input: SocialSignupInput): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  const body = { ...input, pcode: storedPartnerCode() ?? '', device: requestDevice() };
  const path = `/api/auth/signup/oauth/${provider}`;
  try {
    await apiRequest(path, { method: 'POST', body, silent: true });
  } catch (error) {
    const f = apiFailureOf(error);
    // SPEC §8: social_failed shows the fixed unknown-error text, whatever the server said.
    return { ok: false, failure: f.code === 'social_failed' ? { ...f, message: '' } : f };
  }
  trackSignupOkLater();
  await loadSession({ force: true });
  return { ok: true };
}

export function startSocialLogin(provider: LoginProvider, callbackURL: string): void {
  try {
    sessionStorage.setItem(SOCIAL_CALLBACK_KEY, callbackURL);
  } catch {
    // Private mode without storage: the user lands on the home page afterwards.
  }
  location.assign(socialStartUrl(provider));
}
