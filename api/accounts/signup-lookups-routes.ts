import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { clientIp, perIpRule, type LimitRule } from '../http/rate-limit.ts';
import { loginIdSchema, nicknameSchema } from '../../domain/schemas/fields.ts';
import { FORM_TEXTS } from '../../domain/schemas/texts.ts';
import { callerText, fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { documented, ERROR_CODES_KEY, params } from '../http/request.ts';
import { loginIdTaken, memberOfLoginId, nicknameTaken } from './signup-lookups.ts';

/**
 * Guest lookups of SPEC §7. Answers are `{ result, msg? }` with msg in the caller's language; a
 * value that breaks the §5 rule answers 400 `validation_failed` with its §5 text. Lookups reveal
 * whether an ID exists (the sign-up form needs that), so they are rate-limited per IP.
 */
export const LOOKUPS_PER_IP: LimitRule = { limit: 300, windowMs: 60_000 };

/** Per route, not `use('*')`: other resources share the `/api/guest` prefix. Counts malformed values too. */
function lookupLimit(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function lookupLimit(c, next) {
      const wait = c
        .get('deps')
        .rateLimiter.take(
          `lookup:${clientIp(c.req.header('x-forwarded-for'))}`,
          perIpRule(LOOKUPS_PER_IP, c.get('deps')),
        );
      if (wait > 0) return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
      await next();
    },
    { [ERROR_CODES_KEY]: ['too_many_attempts'] },
  );
}

/** RFC 3986 §2.1: a path that is not percent-encoded UTF-8 names no ID or nickname to check. */
function decodablePath(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function decodablePath(c, next) {
      try {
        decodeURIComponent(new URL(c.req.url).pathname);
      } catch {
        return fail(c, 'bad_request');
      }
      await next();
    },
    { [ERROR_CODES_KEY]: ['bad_request'] },
  );
}

/** Something that could be a login ID at all (any case, so lookups stay forgiving); else no match. */
const ID_LIKE = /^[A-Za-z0-9]{1,64}$/;
const anyId = v.object({
  id: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/\s+/gu, '')),
  ),
});

export const guestLookups = new Hono<ApiEnv>()
  .get(
    '/loginId/:id',
    doc({
      tag: 'guest',
      summary: 'Whether a login ID is free for sign-up (SPEC §5)',
      responses: { 200: "{ result: 'ok' } or { result: 'exists', msg }" },
    }),
    lookupLimit(),
    decodablePath(),
    params(v.object({ id: loginIdSchema }), { invalid: 'validation_failed' }),
    async (c) => {
      if (await loginIdTaken(c.get('deps').database.db, c.req.valid('param').id))
        return c.json({ result: 'exists', msg: callerText(c, FORM_TEXTS.loginIdExists) });
      return c.json({ result: 'ok' });
    },
  )
  .get(
    '/find-loginId/:id',
    doc({
      tag: 'guest',
      summary: 'Whether an account with this ID exists (find-password starts here)',
      responses: { 200: "{ result: 'exists' | 'notfound' }" },
    }),
    lookupLimit(),
    params(anyId),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!ID_LIKE.test(id)) return c.json({ result: 'notfound' });
      return c.json({ result: (await loginIdTaken(c.get('deps').database.db, id)) ? 'exists' : 'notfound' });
    },
  )
  .get(
    '/nickname/:nick',
    doc({
      tag: 'guest',
      summary: 'Whether a nickname is free (SPEC §5)',
      responses: { 200: "{ result: 'ok' } or { result: 'overlap', msg }" },
    }),
    lookupLimit(),
    decodablePath(),
    params(v.object({ nick: nicknameSchema }), { invalid: 'validation_failed' }),
    async (c) => {
      if (await nicknameTaken(c.get('deps').database.db, c.req.valid('param').nick))
        return c.json({ result: 'overlap', msg: callerText(c, FORM_TEXTS.nicknameExists) });
      return c.json({ result: 'ok' });
    },
  )
  .get(
    '/refcode/:code',
    doc({
      tag: 'guest',
      summary: 'The member behind a referral code (a referral code is the member’s login ID)',
      responses: { 200: "{ result: 'ok', loginId, nickname } or { result: 'notfound' }" },
    }),
    lookupLimit(),
    params(v.object({ code: anyId.entries.id })),
    async (c) => {
      const { code } = c.req.valid('param');
      if (!ID_LIKE.test(code)) return c.json({ result: 'notfound' });
      const row = await memberOfLoginId(c.get('deps').database.db, code);
      return c.json(row ? { result: 'ok', loginId: row.loginId, nickname: row.nickname } : { result: 'notfound' });
    },
  )
  .get(
    '/findRecommender/:id',
    doc({
      tag: 'guest',
      summary: 'Whether a recommender exists (blocked members are not recommenders)',
      responses: { 200: "{ result: 'ok', loginId } or { result: 'notfound', msg }" },
    }),
    lookupLimit(),
    params(anyId),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = ID_LIKE.test(id) ? await memberOfLoginId(c.get('deps').database.db, id) : null;
      if (!row || row.blocked)
        return c.json({ result: 'notfound', msg: callerText(c, FORM_TEXTS.recommenderNotFound) });
      return c.json({ result: 'ok', loginId: row.loginId });
    },
  );
