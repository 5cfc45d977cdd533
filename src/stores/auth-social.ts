/**
 * Social login (SPEC §2, §7): which providers the channel settings enable, and where each
 * button starts the OAuth round trip that ends on /callback/{provider}/authorize.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../domain/enums.ts';
import { apiRequest } from '../lib/api-client.ts';

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

const providers = atom<LoginProvider[]>([]);
export const $socialProviders: ReadableAtom<LoginProvider[]> = providers;

onMount(providers, () => {
  apiRequest<SnsSettings>('/api/guest/channel-settings', { silent: true })
    .then((s) => providers.set(enabledProviders(s)))
    .catch(() => providers.set([]));
});

/** Where a social button sends the browser; the callbackURL rides along in sessionStorage. */
export const SOCIAL_CALLBACK_KEY = 'flx_social_callback';

export function socialStartUrl(provider: LoginProvider): string {
  const redirect = `${location.origin}/callback/${provider}/authorize`;
  return `/api/oauth/${provider}/authorize?redirect_uri=${encodeURIComponent(redirect)}`;
}

export function startSocialLogin(provider: LoginProvider, callbackURL: string): void {
  try {
    sessionStorage.setItem(SOCIAL_CALLBACK_KEY, callbackURL);
  } catch {
    // Private mode without storage: the user lands on the home page afterwards.
  }
  location.assign(socialStartUrl(provider));
}
