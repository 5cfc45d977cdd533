/**
 * Find ID and password (SPEC §2 /member/find/findId, §7), proved by a phone verification of
 * purpose `find`. Answers are values; the reset token never leaves this module's caller state.
 */
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export interface PhoneProof {
  countryCode: string;
  phone: string;
  phoneVerificationToken: string;
}

export async function findLoginIds(
  proof: PhoneProof,
): Promise<{ ok: true; loginIds: string[] } | { ok: false; failure: ApiFailure }> {
  const path = '/api/auth/signin/find-id/confirm';
  const r = await apiResult<{ loginIds?: { loginId: string }[] }>(path, { method: 'POST', body: proof, silent: true });
  return r.ok ? { ok: true, loginIds: (r.value.loginIds ?? []).map((l) => l.loginId) } : r;
}

export async function startPasswordReset(
  loginId: string,
  proof: PhoneProof,
): Promise<{ ok: true; authToken: string } | { ok: false; failure: ApiFailure }> {
  const r = await apiResult<{ authToken?: string }>('/api/auth/signin/find-password/confirm', {
    method: 'POST',
    body: { loginId, ...proof },
    silent: true,
  });
  if (!r.ok) return r;
  const { authToken } = r.value;
  return authToken ? { ok: true, authToken } : { ok: false, failure: { status: 0, code: 'unknown', message: '' } };
}

/** `PUT /api/oauth/password`: sets the new password; every session of the account ends. */
export async function resetPassword(
  loginId: string,
  authToken: string,
  password: string,
): Promise<{ ok: true } | { ok: false; failure: ApiFailure }> {
  const body = { loginId, authToken, password };
  const r = await apiResult('/api/oauth/password', { method: 'PUT', body, silent: true });
  return r.ok ? { ok: true } : r;
}

/**
 * Whether an account has this ID (`GET /api/guest/find-loginId/{id}`), so find-password says so
 * before an SMS is spent; null when the lookup gave no answer (the flow then goes on as before).
 */
export async function findLoginIdExists(loginId: string): Promise<boolean | null> {
  const path = `/api/guest/find-loginId/${encodeURIComponent(loginId)}`;
  const r = await apiResult<{ result?: string }>(path, { silent: true });
  if (!r.ok) return null;
  return r.value.result === 'exists' ? true : r.value.result === 'notfound' ? false : null;
}
