/**
 * Fixed-window counters in process memory, one set per app instance (`deps.rateLimiter`),
 * for cheap anti-abuse limits only (ID/nickname lookups, captcha challenges): with N processes each
 * becomes N× as loose, which is harmless there. Limits that guard secrets (sign-in, SMS, find,
 * sign-up, live passwords) are shared by every process: api/http/shared-rate-limit.ts.
 */
import type { Deps } from '../app-env.ts';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Bounds memory under a flood of distinct keys. */
const MAX_KEYS = 100_000;

export class RateLimiter {
  #windows = new Map<string, Window>();

  /** Milliseconds until `key` may act again under `rule`, 0 if it may now (does not count). */
  retryAfterMs(key: string, rule: LimitRule, now = Date.now()): number {
    const w = this.#windows.get(key);
    if (!w || w.resetAt <= now) return 0;
    return w.count >= rule.limit ? w.resetAt - now : 0;
  }

  /** Counts one event for `key`. */
  hit(key: string, rule: LimitRule, now = Date.now()): void {
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.#windows.size >= MAX_KEYS) this.#prune(now);
      w = { count: 0, resetAt: now + rule.windowMs };
      this.#windows.set(key, w);
    }
    w.count += 1;
  }

  /** Counts and answers in one step: the wait in ms if this event is over the limit, else 0. */
  take(key: string, rule: LimitRule, now = Date.now()): number {
    const wait = this.retryAfterMs(key, rule, now);
    if (wait > 0) return wait;
    this.hit(key, rule, now);
    return 0;
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }

  #prune(now: number): void {
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
    if (this.#windows.size >= MAX_KEYS) this.#windows.clear();
  }
}

/**
 * Per-IP limits of anonymous flows (sign-up, SMS, lookups, captcha, find) are ten times looser
 * outside production: locally every request comes from 127.0.0.1, and a demo or an end-to-end run
 * must not trip them. Sign-in's brute-force limits stay the same everywhere.
 */
export function perIpRule(rule: LimitRule, deps: Deps): LimitRule {
  return deps.config.platformEnv === 'production' ? rule : { ...rule, limit: rule.limit * 10 };
}

/** The client IP the worker set (docs/ARCHITECTURE.md "client IP"); the API trusts no other header. */
export function clientIp(header: string | undefined): string {
  const first = (header ?? '').split(',')[0]?.trim() ?? '';
  return first && first.length <= 64 ? first : 'unknown';
}
