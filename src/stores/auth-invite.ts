/**
 * Invitations: a member's link `/signup?refcode={loginId}` (a referral code is the member's login
 * ID), and on the sign-up page the member behind a code (`GET /api/guest/refcode/{code}`).
 */
import { LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import { PAGE } from '../../domain/routes.ts';
import { apiResult } from '../lib/api-client.ts';

export interface Inviter {
  loginId: string;
  nickname: string;
}

/** The invitation link of `loginId` on `origin`. */
export const inviteLink = (origin: string, loginId: string): string =>
  `${origin}${PAGE.signup}?refcode=${encodeURIComponent(loginId)}`;

/**
 * The member behind `code`; null when there is none (or the lookup gave no answer: the form then asks nothing of it).
 */
export async function resolveRefcode(code: string): Promise<Inviter | null> {
  const clean = code.replace(/\s+/g, '').slice(0, LOGIN_ID_LENGTH_MAX);
  if (!clean) return null;
  const path = `/api/guest/refcode/${encodeURIComponent(clean)}`;
  const r = await apiResult<{ result?: string; loginId?: unknown; nickname?: unknown }>(path, { silent: true });
  if (!r.ok) return null;
  const { result, loginId, nickname } = r.value;
  return result === 'ok' && typeof loginId === 'string' && typeof nickname === 'string' ? { loginId, nickname } : null;
}

/** Copies `text`; false when the browser refuses (the link stays selectable in its field). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
