/**
 * Shared HTTP plumbing of the money routes: error answers, safe JSON bodies, the Idempotency-Key
 * wrapper, and the few refusals that must reach the viewer translated (ko/en by the locale cookie).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ApiEnv } from '../../app-env.ts';
import { parseIdempotencyKey, requestHash, runIdempotent, type Answer, type IdempotentAnswer } from '../../ledger/idempotency.ts';
import type { Tx } from '../../ledger/transfer.ts';
import { requireMember } from '../session.ts';

export type Ctx = Context<ApiEnv>;

export function fail(c: Ctx, status: 400 | 403 | 404 | 409 | 422 | 503, error: string, error_msg: string) {
  return c.json({ error, error_msg }, status);
}

export const answer = (status: number, body: Record<string, unknown>): Answer => ({ status, body });
export const refusal = (status: number, error: string, error_msg: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error, error_msg, ...extra },
});

/** The JSON object of the body, or null for anything else (bad JSON, arrays, too big). */
export async function readObject(c: Ctx): Promise<Record<string, unknown> | null> {
  const text = await c.req.text().catch(() => '');
  if (text.length > 16_384) return null;
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A positive integer path or query id, or null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * Runs a money operation under the request's Idempotency-Key. `after` runs only when the work
 * ran now and succeeded (not on a replay), after the commit: that is where announcements go.
 */
export async function idempotent(c: Ctx, operation: string, body: unknown, work: (tx: Tx) => Promise<Answer>, after?: (result: IdempotentAnswer) => void) {
  const key = parseIdempotencyKey(c.req.header('idempotency-key'));
  if (!key) return fail(c, 400, 'idempotency_key_required', 'Send an Idempotency-Key header (1 to 255 visible ASCII characters).');
  const member = c.get('member')!;
  const { database } = c.get('deps');
  const result = await runIdempotent(database.db, { memberId: member.id, key, hash: requestHash(operation, body) }, work);
  if (!result.replayed && result.status < 400) after?.(result);
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body, result.status as 200);
}

const REASONS = {
  spending_cap_daily: {
    ko: '오늘의 러브 사용 한도를 넘어 처리할 수 없습니다. 한도는 내 러브 > 사용 한도에서 바꿀 수 있습니다.',
    en: 'This would go over your daily luv limit. You can change the limit under My luv > Spending limits.',
  },
  spending_cap_monthly: {
    ko: '이번 달 러브 사용 한도를 넘어 처리할 수 없습니다. 한도는 내 러브 > 사용 한도에서 바꿀 수 있습니다.',
    en: 'This would go over your monthly luv limit. You can change the limit under My luv > Spending limits.',
  },
  insufficient_funds: { ko: '러브가 부족합니다. 러브를 충전한 뒤 다시 시도해 주세요.', en: 'You do not have enough luv. Buy luv and try again.' },
} as const;

/** A refusal text in the caller's language (the `locale` cookie the worker keeps; Korean by default). */
export function reason(c: Ctx, key: keyof typeof REASONS): string {
  return REASONS[key][getCookie(c, 'locale') === 'en' ? 'en' : 'ko'];
}

/**
 * requireMember() that loads the member once per request: several money routers share the
 * /api/my/luv prefix, and each router's `use('*')` would otherwise load the member again.
 */
export function memberOnce(): MiddlewareHandler<ApiEnv> {
  const require = requireMember();
  return async function memberOnceMiddleware(c, next) {
    if (c.get('member')) return next();
    return require(c, next);
  };
}
