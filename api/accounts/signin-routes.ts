import { Hono, type MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { checkCredentials } from './credentials.ts';
import { recordSigninFailure, recordSigninSuccess, signinWaitMs } from './signin-guard.ts';
import { startSession } from './start-session.ts';
import { clientIp } from '../http/rate-limit.ts';
import type { NativeDevice } from '../../domain/native-device.ts';
import { signinSchema } from '../../domain/schemas/signin.ts';
import type { NativeDeviceRecord } from '../auth/refresh-sessions.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';

/**
 * SPEC §7: sign-in refusals are `{ status, msg }`, not the catalogue's `{ error, error_msg }`. The
 * msg is the catalogue text in the caller's language, except a 401's, which stays empty: the page
 * says '계정 정보가 올바르지 않습니다.' itself, and shows any other 401 msg as it is (§8).
 */
function signinErrorShape(): MiddlewareHandler<ApiEnv> {
  return async function signinErrorShape(c, next) {
    await next();
    const status = c.res.status;
    if (status < 400) return;
    const answer = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { error_msg?: unknown } | null;
    const msg = status === 401 || typeof answer?.error_msg !== 'string' ? '' : answer.error_msg;
    c.res = c.json({ status, msg }, status as 400);
  };
}

/** The native device fields of a sign-in inside the app, as the session keeps them. */
function nativeDeviceOf(input: NativeDevice): NativeDeviceRecord {
  return {
    appType: input.appType ?? null,
    deviceId: input.deviceId ?? null,
    os: input.os ?? null,
    appVersion: input.appVersion ?? null,
  };
}

/**
 * `POST /v2/api/auth/signin` (SPEC §7): 401 with an empty msg for any wrong ID or password alike,
 * 423 for a blocked account (only once the password is right), 429 + Retry-After while the guard
 * says wait (per account name, existing or not, and per IP).
 */
export const signin = new Hono<ApiEnv>().post(
  '/',
  doc({
    tag: 'session',
    summary: 'Signs in with ID and password; the session comes as HttpOnly cookies, never in the body',
    description:
      'Inside the native app the page adds `deviceKind: "APP"`, `appType`, `deviceId`, `os` (android, ios) and ' +
      '`appVersion`: the session is then recorded as device APP with those fields.',
    responses: { 200: '{ status: 200, msg: "", loginId, nickname, saveId } and the session cookies' },
    errors: ['invalid_credentials', 'blocked', 'too_many_attempts'],
    errorShape: 'signin',
  }),
  signinErrorShape(),
  body(signinSchema, { form: true }),
  async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const { loginId, password, loginKeep, saveId, device } = input;
    const limiter = deps.sharedLimiter;
    const ip = clientIp(c.req.header('x-forwarded-for'));
    const wait = await signinWaitMs(limiter, loginId, ip);
    if (wait > 0) return fail(c, 'too_many_attempts', { headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });

    const member = await checkCredentials(deps.database.db, loginId, password);
    if (!member) {
      await recordSigninFailure(limiter, loginId, ip);
      return fail(c, 'invalid_credentials');
    }
    await recordSigninSuccess(limiter, loginId);
    if (member.blocked) return fail(c, 'blocked');

    const native = input.deviceKind === 'APP' ? nativeDeviceOf(input) : null;
    await startSession(
      c,
      deps.database.db,
      deps.config.jwtSecret,
      member.id,
      loginKeep,
      native ? 'APP' : device === 'MOBILEWEB' ? 'MOBILEWEB' : 'PCWEB',
      native,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 200, msg: '', loginId: member.loginId, nickname: member.nickname, saveId });
  },
);
