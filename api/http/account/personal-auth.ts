import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { completeIdentityRequest, identityRequestOf, startIdentityRequest } from '../../auth/identity-requests.ts';
import { identityProviderFor, validCallbackSignature } from '../../providers/identity/identity-provider.ts';
import { IDENTITY_FLOWS } from '../../../domain/enums.ts';
import { birthdaySchema } from '../../../domain/schemas/fields.ts';
import { fail } from '../errors.ts';
import { doc } from '../openapi.ts';
import { body, documented, ERROR_CODES_KEY, query, readRawBody } from '../request.ts';
import { me, requireMember } from '../session.ts';

/** A signed completion is small; anything bigger is not one. */
const CALLBACK_BODY_MAX_BYTES = 4096;

export const identityStartQuery = v.object({ type: v.optional(v.picklist(IDENTITY_FLOWS), 'personal') });
export const identityStatusQuery = v.object({ requestId: v.optional(v.pipe(v.string(), v.maxLength(256)), '') });
export const identityCallbackBody = v.object({ requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)), birthday: birthdaySchema });

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
 * done; the production provider completes it through the signed `POST callback`.
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
      const provider = identityProviderFor(deps.config);
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
      const status = request.status === 'pending' && request.expiresAt.getTime() <= Date.now() ? 'expired' : request.status;
      return c.json({ requestId: request.id, type: request.type, status });
    },
  )
  .post(
    '/callback',
    doc({
      tag: 'verification',
      summary: 'The identity provider’s signed completion: sets PI and the birth date the adult checks read',
      description: 'Signed with x-identity-signature: hex(HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, raw body)); at most 4096 bytes.',
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
