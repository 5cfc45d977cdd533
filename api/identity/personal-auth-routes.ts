import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { completeIdentityRequest, identityRequestOf, startIdentityRequest } from './identity-requests.ts';
import { validCallbackSignature } from '../providers/identity/identity-provider.ts';
import { PortOneIdentity } from '../providers/identity/portone.ts';
import { IDENTITY_FLOWS } from '../../domain/enums.ts';
import { birthdaySchema } from '../../domain/schemas/fields.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, documented, ERROR_CODES_KEY, query, readRawBody } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

/** A signed completion is small; anything bigger is not one. */
const CALLBACK_BODY_MAX_BYTES = 4096;

export const identityStartQuery = v.object({ type: v.optional(v.picklist(IDENTITY_FLOWS), 'personal') });
export const identityStatusQuery = v.object({ requestId: v.optional(v.pipe(v.string(), v.maxLength(256)), '') });
export const identityCallbackBody = v.object({
  requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  birthday: birthdaySchema,
});
const requestIdField = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
export const identityRequestQuery = v.object({ requestId: requestIdField });
export const identityCompleteBody = v.object({ requestId: requestIdField });

/** `x-identity-signature: hex(HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, raw body))`, checked before the body is parsed. */
function signedByProvider(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function signedByProvider(c, next) {
      const raw = await readRawBody(c, CALLBACK_BODY_MAX_BYTES);
      if (!raw.ok) return fail(c, raw.code);
      if (!validCallbackSignature(raw.text, c.req.header('x-identity-signature') ?? '')) return fail(c, 'forbidden');
      await next();
    },
    { [ERROR_CODES_KEY]: ['forbidden'] },
  );
}

/**
 * Identity verification (SPEC §2 /my/personal-auth, §7 `GET /api/personal-auth?type=`): a signed-in
 * member starts a request and opens its `url` in the popup; `GET status` tells the opener when it is
 * done. A redirect provider completes it through the signed `POST callback`; with PortOne the popup
 * runs the browser SDK with `GET portone` and then `POST complete`, which asks PortOne.
 */
export const personalAuth = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'verification',
      summary: 'Starts identity verification; open url in the popup (development: the simulator page)',
      responses: { 200: '{ requestId, type, url }' },
      errors: ['bad_request', 'identity_unavailable'],
    }),
    requireMember(),
    query(identityStartQuery, { fields: { type: 'bad_request' } }),
    async (c) => {
      const { type } = c.req.valid('query');
      const deps = c.get('deps');
      const provider = deps.identity;
      if (!provider) return fail(c, 'identity_unavailable');
      const requestId = await startIdentityRequest(deps.database.db, me(c).id, type);
      c.header('Cache-Control', 'no-store');
      return c.json({ requestId, type, url: provider.startUrl(requestId) });
    },
  )
  .get(
    '/status',
    doc({
      tag: 'verification',
      summary: 'Where a verification the caller started stands',
      responses: { 200: "{ requestId, type, status: 'pending' | 'complete' | 'expired' }" },
      errors: ['not_found'],
    }),
    requireMember(),
    query(identityStatusQuery),
    async (c) => {
      const request = await identityRequestOf(c.get('deps').database.db, c.req.valid('query').requestId);
      if (!request || request.memberId !== me(c).id) return fail(c, 'not_found');
      const status =
        request.status === 'pending' && request.expiresAt.getTime() <= Date.now() ? 'expired' : request.status;
      return c.json({ requestId: request.id, type: request.type, status });
    },
  )
  .get(
    '/portone',
    doc({
      tag: 'verification',
      summary:
        'What the browser SDK’s requestIdentityVerification() needs for a request I started ' +
        '(IDENTITY_PROVIDER=portone)',
      responses: { 200: '{ request: { storeId, channelKey, identityVerificationId } }' },
      errors: ['not_found'],
    }),
    requireMember(),
    query(identityRequestQuery, { invalid: 'not_found' }),
    async (c) => {
      const deps = c.get('deps');
      const provider = deps.identity;
      const request = await identityRequestOf(deps.database.db, c.req.valid('query').requestId);
      if (
        !(provider instanceof PortOneIdentity) ||
        !request ||
        request.memberId !== me(c).id ||
        request.status !== 'pending'
      )
        return fail(c, 'not_found');
      c.header('Cache-Control', 'no-store');
      return c.json({ request: provider.browserRequest(request.id) });
    },
  )
  .post(
    '/complete',
    doc({
      tag: 'verification',
      summary:
        'After PortOne’s verification window: asks PortOne about my request and completes it when PortOne says ' +
        'VERIFIED',
      description:
        'The birth date comes from PortOne (`getIdentityVerification`), never from the browser. Completing twice ' +
        'answers complete.',
      responses: { 200: "{ requestId, type, status: 'complete' | 'pending' }" },
      errors: ['not_found', 'identity_failed', 'identity_unavailable'],
    }),
    requireMember(),
    body(identityCompleteBody, { fields: { requestId: 'not_found' } }),
    async (c) => {
      const deps = c.get('deps');
      const provider = deps.identity;
      const request = await identityRequestOf(deps.database.db, c.req.valid('json').requestId);
      if (!(provider instanceof PortOneIdentity) || !request || request.memberId !== me(c).id)
        return fail(c, 'not_found');
      const answer = (status: 'complete' | 'pending') => c.json({ requestId: request.id, type: request.type, status });
      if (request.status === 'complete') return answer('complete');
      const looked = await provider.verification(request.id);
      if (!looked.ok) return fail(c, 'identity_unavailable');
      const { report } = looked;
      if (report.status === 'failed') return fail(c, 'identity_failed');
      if (report.status !== 'verified') return answer('pending');
      const done = await completeIdentityRequest(deps.database.db, request.id, report.person.birthday);
      return done ? answer('complete') : fail(c, 'not_found');
    },
  )
  .post(
    '/callback',
    doc({
      tag: 'verification',
      summary: 'The identity provider’s signed completion: sets PI and the birth date the adult checks read',
      description:
        'Signed with x-identity-signature: hex(HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, raw body)); at most 4096 bytes.',
      responses: { 200: '{ ok: true }' },
      errors: ['not_found'],
    }),
    signedByProvider(),
    body(identityCallbackBody),
    async (c) => {
      const { requestId, birthday } = c.req.valid('json');
      const done = await completeIdentityRequest(c.get('deps').database.db, requestId, birthday);
      return done ? c.json({ ok: true }) : fail(c, 'not_found');
    },
  );
