/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), proved by a phone verification of
 * purpose `find`. Answers are values; the reset token never leaves this module's caller state.
 */
import { apiFailureOf, apiRequest, type ApiFailure } from '../lib/api-client.ts';

export interface PhoneProof {
  countryCode: string;
  phone: string;
  phoneVerificationToken: string;
}

export async function findLoginIds(proof: PhoneProof): Promise<{ ok: true; loginIds: string[] } | { ok: false; failure: ApiFailure }> {
  try {
    const res = await apiRequest<{ loginIds?: { loginId: string }[] }>('/api/auth/signin/find-id/confirm', { method: 'POST', body: proof, silent: true });
    return { ok: true, loginIds: (res.loginIds ?? []).map((r) => r.loginId) };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}

export async function startPasswordReset(loginId: string, proof: PhoneProof): Promise<{ ok: true; authToken: string } | { ok: false; failure: ApiFailure }> {
  try {
    const res = await apiRequest<{ authToken?: string }>('/api/auth/signin/find-password/confirm', {
      method: 'POST',
      body: { loginId, ...proof },
      silent: true,
    });
    return res.authToken ? { ok: true, authToken: res.authToken } : { ok: false, failure: { status: 0, code: 'unknown', message: '' } };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}

/** `PUT /api/oauth/password`: sets the new password; every session of the account ends. */
export async function resetPassword(loginId: string, authToken: string, password: string): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  try {
    await apiRequest('/api/oauth/password', { method: 'PUT', body: { loginId, authToken, password }, silent: true });
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: apiFailureOf(error) };
  }
}

/**
 * Whether an account has this ID (`GET /api/guest/find-loginId/{id}`), so find-password says so
 * before an SMS is spent; null when the lookup gave no answer (the flow then goes on as before).
 */
export async function findLoginIdExists(loginId: string): Promise<boolean | null> {
  try {
    const r = await apiRequest<{ result?: string }>(`/api/guest/find-loginId/${encodeURIComponent(loginId)}`, { silent: true });
    return r.result === 'exists' ? true : r.result === 'notfound' ? false : null;
  } catch {
    return null;
  }
}
