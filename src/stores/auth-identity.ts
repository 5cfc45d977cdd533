/**
 * Identity verification (SPEC §2 /my/personal-auth, §7 `GET /api/personal-auth?type=`): start a
 * request, send the browser to the provider (the development simulator locally), and on return
 * reload the profile so the PI flag unlocks adult broadcasts at once.
 */
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { apiFailureOf, apiRequest, type ApiFailure } from '../lib/api-client.ts';
import { isAppWebview } from '../lib/device.ts';
import { loadSession } from './session.ts';

/** Where to go once verified; kept across the provider round trip. */
export const IDENTITY_CALLBACK_KEY = 'flx_identity_callback';

export async function startIdentityVerification(type: string, callbackURL: string): Promise<{ ok: false; failure: ApiFailure } | { ok: true }> {
  try {
    const res = await apiRequest<{ url: string }>(`/api/personal-auth?type=${encodeURIComponent(type)}`, { silent: true });
    try {
      sessionStorage.setItem(IDENTITY_CALLBACK_KEY, safeCallbackUrl(callbackURL));
    } catch {
      // Without storage the user lands back on this page and continues from there.
    }
    // The provider URL is ours (the simulator) or the configured provider's; only http(s) is followed.
    const url = new URL(res.url, location.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, failure: { status: 0, code: 'bad_url', message: '' } };
    location.assign(identityLaunchUrl(url.toString(), isAppWebview()));
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}

/**
 * Where the browser goes to verify: the provider's page, or inside the native app the
 * `personal-auth` app scheme (SPEC §2), which hands the provider's URL to the app; the app runs the
 * provider (PASS apps switch there) and loads our return page back into its webview.
 */
export function identityLaunchUrl(providerUrl: string, inApp: boolean): string {
  return inApp ? `personal-auth://open?url=${encodeURIComponent(providerUrl)}` : providerUrl;
}

/** After the provider returned: the refreshed profile's PI flag and the stored callbackURL. */
export async function finishIdentityVerification(): Promise<{ verified: boolean; callbackURL: string | null }> {
  const s = await loadSession({ force: true });
  let callbackURL: string | null = null;
  try {
    callbackURL = sessionStorage.getItem(IDENTITY_CALLBACK_KEY);
    sessionStorage.removeItem(IDENTITY_CALLBACK_KEY);
  } catch {
    callbackURL = null;
  }
  return { verified: s.status === 'member' && s.profile.PI === true, callbackURL: callbackURL ? safeCallbackUrl(callbackURL) : null };
}

/** `GET /api/guest/live-Auth`: the pass for a password-protected live (SPEC §7 Guest). */
export async function passLiveAuth(q: {
  channelId: string;
  viewerId: string;
  password: string;
  option: string;
  aspCode: string;
}): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  try {
    await apiRequest(`/api/guest/live-Auth?${new URLSearchParams(q)}`, { silent: true });
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}
