/**
 * Social login buttons (SPEC §2, §7): which providers the channel settings enable, and where each
 * button starts the OAuth round trip that ends on /callback/{provider}/authorize (its return:
 * auth-social-callback.ts, so the sign-in page carries none of it).
 */
import { computed, type ReadableAtom } from 'nanostores';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../domain/enums.ts';
import { $channelSettings } from './channel-settings.ts';

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
export const $socialProviders: ReadableAtom<LoginProvider[]> = computed($channelSettings, enabledProviders);

/** Where a social button sends the browser; the callbackURL rides along in sessionStorage. */
export const SOCIAL_CALLBACK_KEY = 'flx_social_callback';

/** The API's authorize step; the provider (or the development simulator) returns to /callback/{provider}/authorize. */
export function socialStartUrl(provider: LoginProvider): string {
  return `/api/auth/oauth/${provider}/authorize`;
}

export function startSocialLogin(provider: LoginProvider, callbackURL: string): void {
  try {
    sessionStorage.setItem(SOCIAL_CALLBACK_KEY, callbackURL);
  } catch {
    // Private mode without storage: the user lands on the home page afterwards.
  }
  location.assign(socialStartUrl(provider));
}
