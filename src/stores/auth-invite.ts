/**
 * Invitations: a member's link `/signup?refcode={loginId}` (a referral code is the member's login
 * ID), and on the sign-up page the member behind a code (`GET /api/guest/refcode/{code}`).
 */
import { LOGIN_ID_LENGTH_MAX } from '../../domain/limits.ts';
import { PAGE } from '../../domain/routes.ts';
import { apiRequest } from '../lib/api-client.ts';

export interface Inviter {
  loginId: string;
  nickname: string;
}

/** The invitation link of `loginId` on `origin`. */
export const inviteLink = (origin: string, loginId: string): string => `${origin}${PAGE.signup}?refcode=${encodeURIComponent(loginId)}`;

/** The member behind `code`; null when there is none (or the lookup gave no answer: the form then asks nothing of it). */
export async function resolveRefcode(code: string): Promise<Inviter | null> {
  const clean = code.replace(/\s+/g, '').slice(0, LOGIN_ID_LENGTH_MAX);
  if (!clean) return null;
  try {
    const r = await apiRequest<{ result?: string; loginId?: unknown; nickname?: unknown }>(`/api/guest/refcode/${encodeURIComponent(clean)}`, { silent: true });
    return r.result === 'ok' && typeof r.loginId === 'string' && typeof r.nickname === 'string' ? { loginId: r.loginId, nickname: r.nickname } : null;
  } catch {
    return null;
  }
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
