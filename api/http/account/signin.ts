import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { checkCredentials } from '../../auth/credentials.ts';
import { recordSigninFailure, recordSigninSuccess, signinWaitMs } from '../../auth/signin-guard.ts';
import { startSession } from '../../auth/start-session.ts';
import { clientIp } from '../../rate-limit.ts';
import { sharedLimiterOf } from '../../shared-rate-limit.ts';
import { legacyMessage } from '../../../domain/errors.ts';
import { signinSchema } from '../../../domain/schemas/signin.ts';
import { readBody, validate } from './auth-input.ts';

/**
 * `POST /v2/api/auth/signin` (SPEC §7): errors are `{ status, msg }`. 401 with an empty msg for any
 * wrong ID or password (the site shows '계정 정보가 올바르지 않습니다.'), 423 for a blocked account
 * (only once the password is right), 429 + Retry-After when the guard says wait.
 */
export const signin = new Hono<ApiEnv>();

signin.post('/', async (c) => {
  const deps = c.get('deps');
  const body = await readBody(c);
  if (!body.ok) return c.json({ status: body.status, msg: legacyMessage(body.code) }, body.status);
  const parsed = validate(signinSchema, body.data);
  if (!parsed.ok) return c.json({ status: 400, msg: parsed.message ?? '' }, 400);
  const { loginId, password, loginKeep, saveId, device } = parsed.data;

  const limiter = sharedLimiterOf(deps);
  const ip = clientIp(c.req.header('x-forwarded-for'));
  const wait = await signinWaitMs(limiter, loginId, ip);
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    return c.json({ status: 429, msg: legacyMessage('too_many_attempts') }, 429);
  }

  const member = await checkCredentials(deps.database.db, loginId, password);
  if (!member) {
    await recordSigninFailure(limiter, loginId, ip);
    return c.json({ status: 401, msg: '' }, 401);
  }
  await recordSigninSuccess(limiter, loginId);
  if (member.blocked) return c.json({ status: 423, msg: legacyMessage('blocked') }, 423);

  await startSession(c, deps.database.db, deps.config.jwtSecret, member.id, loginKeep, device === 'MOBILEWEB' ? 'MOBILEWEB' : 'PCWEB');
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 200, msg: '', loginId: member.loginId, nickname: member.nickname, saveId });
});
