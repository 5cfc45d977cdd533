/**
 * Brute-force guard for sign-in (ASVS 6.3.1): failures count per account name and per client IP.
 * Over the limit the caller waits out the window; the real owner is never locked out for good.
 * Counting by the submitted name, existing or not, keeps the guard from revealing which IDs exist.
 * The counters are shared by every API process (api/http/shared-rate-limit.ts).
 */
import type { LimitRule } from '../http/rate-limit.ts';
import type { SharedRateLimiter } from '../http/shared-rate-limit.ts';

export const SIGNIN_FAILURES_PER_ACCOUNT: LimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const SIGNIN_FAILURES_PER_IP: LimitRule = { limit: 100, windowMs: 15 * 60_000 };

const accountKey = (loginId: string) => `signin:acct:${loginId.toLowerCase()}`;
const ipKey = (ip: string) => `signin:ip:${ip}`;

/** Milliseconds to wait before trying again; 0 = go ahead. */
export async function signinWaitMs(limiter: SharedRateLimiter, loginId: string, ip: string): Promise<number> {
  const [account, address] = await Promise.all([
    limiter.retryAfterMs(accountKey(loginId), SIGNIN_FAILURES_PER_ACCOUNT),
    limiter.retryAfterMs(ipKey(ip), SIGNIN_FAILURES_PER_IP),
  ]);
  return Math.max(account, address);
}

export async function recordSigninFailure(limiter: SharedRateLimiter, loginId: string, ip: string): Promise<void> {
  await limiter.hit(accountKey(loginId), SIGNIN_FAILURES_PER_ACCOUNT);
  await limiter.hit(ipKey(ip), SIGNIN_FAILURES_PER_IP);
}

export async function recordSigninSuccess(limiter: SharedRateLimiter, loginId: string): Promise<void> {
  await limiter.reset(accountKey(loginId));
}
