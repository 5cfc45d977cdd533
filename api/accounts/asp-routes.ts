import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { startSession } from './start-session.ts';
import { RequestDevice } from '../../domain/enums.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { partnerMember } from './asp.ts';

export const aspTokenBody = v.object({
  aspCode: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,32}$/)),
  userkey: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_.@-]{1,128}$/)),
  device: v.optional(v.picklist(Object.values(RequestDevice))),
});

/**
 * `POST /v4/api/asp/accesstoken` {aspCode, userkey}: a partner (ASP) member who signed up through the
 * partner path (asp_code + userkey) gets a session, as sign-in gives one (cookies only, no token in
 * the body). An unknown pair answers 401 without saying which part was wrong.
 */
export const aspAccessToken = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'session',
    summary: 'Signs in the partner member of an aspCode + userkey pair (session cookies only, no token in the body)',
    responses: { 200: '{ ok: true } and the session cookies' },
    errors: ['unknown_partner_member', 'blocked'],
  }),
  body(aspTokenBody, { form: true }),
  async (c) => {
    const { aspCode, userkey, device } = c.req.valid('json');
    const { config, database } = c.get('deps');
    const member = await partnerMember(database.db, aspCode, userkey);
    if (!member) return fail(c, 'unknown_partner_member');
    if (member.blocked) return fail(c, 'blocked');
    await startSession(c, database.db, config.jwtSecret, member.id, false, device ?? null);
    return c.json({ ok: true });
  },
);
