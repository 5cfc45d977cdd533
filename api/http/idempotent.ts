/**
 * Money answers (docs/LEDGER.md "Idempotency"): the Idempotency-Key wrapper every key-taking money
 * route runs its work in, and the ledger's result codes turned into answers. The money routes of
 * several folders (luv/, channels/ gifts, my/ subscriptions) share it.
 */
import type { Context } from 'hono';
import type { ApiErrorCode } from '../../domain/errors.ts';
import type { ApiEnv } from '../app-env.ts';
import {
  parseIdempotencyKey,
  requestHash,
  runIdempotent,
  type IdempotentResult,
  type ReplayScope,
} from '../ledger/idempotency.ts';
import type { Tx } from '../ledger/transfer.ts';
import { fail, refusal, sendAnswer, type Answer, type Fields } from './errors.ts';
import { me } from './session.ts';

/** A ledger refusal: its code and the details the answer carries beside it. */
export type Refused = { ok: false; code: ApiErrorCode } & Fields;

/** A ledger refusal as the answer to send or store: the catalogue status, the code and its details. */
export function refusalOf({ ok: _ok, code, ...details }: Refused): Answer {
  return refusal(code, details);
}

type Success<T> = Extract<T, { ok: true }>;

/** A ledger result as an answer: 200 with `view(result)` when it went through, else its refusal. */
export function answerOf<T extends { ok: true } | Refused>(result: T, view: (ok: Success<T>) => Fields): Answer {
  return result.ok ? { status: 200, body: view(result as Success<T>) } : refusalOf(result as Refused);
}

/** Sends a ledger result at once (work that needs no key): 200 with `view(result)`, else its refusal. */
export function sendResult<T extends { ok: true } | Refused>(
  c: Context<ApiEnv>,
  result: T,
  view: (ok: Success<T>) => Fields,
): Response {
  return sendAnswer(c, answerOf(result, view));
}

/**
 * Runs `work` once per (caller, Idempotency-Key) with a hash of `operation` and `body` (docs/LEDGER.md):
 * the first answer is stored (a refusal as its code and fields, so a replay reads in the language
 * of whoever replays it) and every repeat with the same key and body gets it back with
 * `Idempotent-Replayed: true`; the same key with another body is 409 `idempotency_key_reused`.
 * `after` runs only when the work ran now and succeeded, after the commit, never for a replay:
 * that is where announcements go. Call behind requireMember() and the route's validators.
 */
export async function idempotent(
  c: Context<ApiEnv>,
  operation: string,
  body: unknown,
  work: (tx: Tx) => Promise<Answer>,
  after?: (answer: Answer) => void,
): Promise<Response> {
  return idempotentBy(c, operation, body, (scope) => runIdempotent(c.get('deps').database.db, scope, work), after);
}

/**
 * idempotent() for work that posts under the key itself (the gift batcher): `run` gets the key's
 * scope and answers as runIdempotent() does.
 */
export async function idempotentBy(
  c: Context<ApiEnv>,
  operation: string,
  body: unknown,
  run: (scope: ReplayScope) => Promise<IdempotentResult>,
  after?: (answer: Answer) => void,
): Promise<Response> {
  const key = parseIdempotencyKey(c.req.header('idempotency-key'));
  if (!key) return fail(c, 'idempotency_key_required');
  const result = await run({ memberId: me(c).id, key, hash: requestHash(operation, body) });
  if (!result.ok) return fail(c, result.code);
  if (result.replayed) return sendAnswer(c, result.answer, { 'Idempotent-Replayed': 'true' });
  if (result.answer.status < 400 && after) {
    // A failing announcement must not turn a committed operation into an error answer.
    try {
      after(result.answer);
    } catch (err) {
      console.error('[money] announcement failed:', err);
    }
  }
  return sendAnswer(c, result.answer);
}
