/**
 * Identity verification (SPEC §2 /my/personal-auth, §7 `GET /api/personal-auth?type=`): start a
 * request, send the browser to the provider (the development simulator locally), and on return
 * reload the profile so the PI flag unlocks adult broadcasts at once.
 */
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { isAppWebview } from '../lib/device.ts';
import { loadSession } from './session.ts';

/** Where to go once verified; kept across the provider round trip. */
export const IDENTITY_CALLBACK_KEY = 'flx_identity_callback';

export async function startIdentityVerification(
  type: string,
  callbackURL: string,
): Promise<{ ok: false; failure: ApiFailure } | { ok: true }> {
  const r = await apiResult<{ url: string }>(`/api/personal-auth?type=${encodeURIComponent(type)}`, { silent: true });
  if (!r.ok) return r;
  try {
    sessionStorage.setItem(IDENTITY_CALLBACK_KEY, safeCallbackUrl(callbackURL));
  } catch {
    // Without storage the user lands back on this page and continues from there.
  }
  // The provider URL is ours (the simulator) or the configured provider's; only http(s) is followed.
  const url = webAddress(r.value.url);
  if (!url) return { ok: false, failure: { status: 0, code: 'unknown', message: '' } };
  location.assign(identityLaunchUrl(url, isAppWebview()));
  return { ok: true };
}

/** The provider's address as the API answered it, resolved on this page; null unless it is http(s). */
function webAddress(answered: string): string | null {
  try {
    const url = new URL(answered, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
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
  return {
    verified: s.status === 'member' && s.profile.PI === true,
    callbackURL: callbackURL ? safeCallbackUrl(callbackURL) : null,
  };
}

/**
 * The PortOne path (the API's start URL is this page with `provider=portone&requestId`): runs the
 * browser SDK's identity window for the request, then asks the API to complete it (the API asks
 * PortOne; nothing from the browser is trusted). A redirection window comes back to this page with
 * PortOne's `code` when the member did not finish, or `identityVerificationId` when they did.
 */
export async function finishPortOneVerification(
  requestId: string,
  code: string | null,
): Promise<{ verified: boolean; callbackURL: string | null }> {
  const failed = { verified: false, callbackURL: null };
  if (code) return failed;
  if (!new URLSearchParams(location.search).has('identityVerificationId')) {
    const path = `/api/personal-auth/portone?${new URLSearchParams({ requestId })}`;
    const r = await apiResult<{ request: object }>(path, { silent: true });
    if (!r.ok || !(await portOneWindowFinished(r.value.request))) return failed;
  }
  const done = await apiResult<{ status: string }>('/api/personal-auth/complete', {
    method: 'POST',
    body: { requestId },
    silent: true,
  });
  if (!done.ok || done.value.status !== 'complete') return failed;
  return finishIdentityVerification();
}

/** Runs PortOne's identity window for the API's request; false when the member did not finish it. */
async function portOneWindowFinished(request: object): Promise<boolean> {
  try {
    const { requestIdentityVerification } = await import('@portone/browser-sdk/v2');
    const response = await requestIdentityVerification({
      ...(request as Parameters<typeof requestIdentityVerification>[0]),
      redirectUrl: location.href,
    });
    return !response?.code;
  } catch {
    // The SDK did not load or refused the request.
    return false;
  }
}

/** `GET /api/guest/live-Auth`: the pass for a password-protected live (SPEC §7 Guest). */
export async function passLiveAuth(q: {
  channelId: string;
  viewerId: string;
  password: string;
  option: string;
  aspCode: string;
}): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  const r = await apiResult(`/api/guest/live-Auth?${new URLSearchParams(q)}`, { silent: true });
  return r.ok ? { ok: true } : r;
}
