import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { completeIdentityRequest, identityRequestOf, startIdentityRequest } from '../../auth/identity-requests.ts';
import { identityProviderFor, validCallbackSignature } from '../../providers/identity/identity-provider.ts';
import { IDENTITY_FLOWS } from '../../../domain/enums.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { birthdaySchema } from '../../../domain/schemas/fields.ts';
import { validate } from './auth-input.ts';
import { requireMember } from '../session.ts';

/**
 * Identity verification (SPEC §2 /my/personal-auth, §7 `GET /api/personal-auth?type=`): a signed-in
 * member starts a request and gets `{ requestId, url }` for the popup; `GET status?requestId=`
 * tells the opener when it is done; the production provider completes through the signed
 * `POST callback`.
 */
export const personalAuth = new Hono<ApiEnv>();

personalAuth.get('/', requireMember(), async (c) => {
  const type = c.req.query('type') ?? 'personal';
  if (!(IDENTITY_FLOWS as readonly string[]).includes(type)) return c.json(apiErrorBody('bad_request'), 400);
  const deps = c.get('deps');
  const provider = identityProviderFor(deps.config);
  if (!provider) return c.json(apiErrorBody('identity_unavailable'), 502);
  const requestId = await startIdentityRequest(deps.database.db, c.get('member')!.id, type);
  c.header('Cache-Control', 'no-store');
  return c.json({ requestId, type, url: provider.startUrl(requestId) });
});

personalAuth.get('/status', requireMember(), async (c) => {
  const request = await identityRequestOf(c.get('deps').database.db, c.req.query('requestId') ?? '');
  if (!request || request.memberId !== c.get('member')!.id) return c.json(apiErrorBody('not_found'), 404);
  const status = request.status === 'pending' && request.expiresAt.getTime() <= Date.now() ? 'expired' : request.status;
  return c.json({ requestId: request.id, type: request.type, status });
});

export const identityCallbackBody = v.object({ requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)), birthday: birthdaySchema });

personalAuth.post('/callback', async (c) => {
  const raw = await c.req.text();
  if (raw.length > 4096 || !validCallbackSignature(raw, c.req.header('x-identity-signature') ?? '')) return c.json(apiErrorBody('forbidden'), 403);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return c.json(apiErrorBody('invalid_json'), 400);
  }
  const parsed = validate(identityCallbackBody, json);
  if (!parsed.ok) return c.json(apiErrorBody(parsed.code, parsed.message), 400);
  const done = await completeIdentityRequest(c.get('deps').database.db, parsed.data.requestId, parsed.data.birthday);
  return done ? c.json({ ok: true }) : c.json(apiErrorBody('not_found'), 404);
});
