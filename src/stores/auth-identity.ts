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

/**
 * The PortOne path (the API's start URL is this page with `provider=portone&requestId`): runs the
 * browser SDK's identity window for the request, then asks the API to complete it (the API asks
 * PortOne; nothing from the browser is trusted). A redirection window comes back to this page with
 * PortOne's `code` when the member did not finish, or `identityVerificationId` when they did.
 */
export async function finishPortOneVerification(requestId: string, code: string | null): Promise<{ verified: boolean; callbackURL: string | null }> {
  const failed = { verified: false, callbackURL: null };
  if (code) return failed;
  try {
    if (!new URLSearchParams(location.search).has('identityVerificationId')) {
      const { request } = await apiRequest<{ request: object }>(`/api/personal-auth/portone?${new URLSearchParams({ requestId })}`, { silent: true });
      const { requestIdentityVerification } = await import('@portone/browser-sdk/v2');
      const response = await requestIdentityVerification({
        ...(request as Parameters<typeof requestIdentityVerification>[0]),
        redirectUrl: location.href,
      });
      if (response?.code) return failed;
    }
    const done = await apiRequest<{ status: string }>('/api/personal-auth/complete', { method: 'POST', body: { requestId }, silent: true });
    if (done.status !== 'complete') return failed;
  } catch {
    return failed;
  }
  return finishIdentityVerification();
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
