/**
 * Brute-force guard for sign-in (ASVS 6.3.1): failures count per account name and per client IP.
 * Over the limit the caller waits out the window; the real owner is never locked out for good.
 * Counting by the submitted name, existing or not, keeps the guard from revealing which IDs exist.
 */
import type { LimitRule, RateLimiter } from '../rate-limit.ts';

export const SIGNIN_FAILURES_PER_ACCOUNT: LimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const SIGNIN_FAILURES_PER_IP: LimitRule = { limit: 100, windowMs: 15 * 60_000 };

const accountKey = (loginId: string) => `signin:acct:${loginId.toLowerCase()}`;
const ipKey = (ip: string) => `signin:ip:${ip}`;

/** Milliseconds to wait before trying again; 0 = go ahead. */
export function signinWaitMs(limiter: RateLimiter, loginId: string, ip: string, now = Date.now()): number {
  return Math.max(limiter.retryAfterMs(accountKey(loginId), SIGNIN_FAILURES_PER_ACCOUNT, now), limiter.retryAfterMs(ipKey(ip), SIGNIN_FAILURES_PER_IP, now));
}

export function recordSigninFailure(limiter: RateLimiter, loginId: string, ip: string, now = Date.now()): void {
  limiter.hit(accountKey(loginId), SIGNIN_FAILURES_PER_ACCOUNT, now);
  limiter.hit(ipKey(ip), SIGNIN_FAILURES_PER_IP, now);
}

export function recordSigninSuccess(limiter: RateLimiter, loginId: string): void {
  limiter.reset(accountKey(loginId));
}
