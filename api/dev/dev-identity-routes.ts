import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { completeIdentityRequest, identityRequestOf } from '../identity/identity-requests.ts';
import { birthdaySchema } from '../../domain/schemas/fields.ts';
import { callerText, fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { params, query } from '../http/request.ts';
import { devOnly } from './dev-only.ts';
import { simulatorPage } from './sim-page.ts';

/**
 * The development identity-verification simulator (under `/api/dev`, so 404 in production): a page
 * (in the caller's language) asking for the birth date the "provider" would confirm, then back to
 * `/my/personal-auth`.
 */
const requestParams = v.object({ requestId: v.pipe(v.string(), v.maxLength(64)) });
export const completeQuery = v.object({ birthday: birthdaySchema });

export const devIdentity = new Hono<ApiEnv>()
  .get(
    '/identity/:requestId',
    doc({
      tag: 'development',
      summary: 'The identity simulator page: the birth date the provider would confirm',
      responses: { 200: 'An HTML form' },
    }),
    devOnly(),
    params(requestParams, { invalid: 'not_found' }),
    async (c) => {
      const request = await identityRequestOf(c.get('deps').database.db, c.req.valid('param').requestId);
      if (!request || request.status !== 'pending') return fail(c, 'not_found');
      const form = html`<form method="get" action="/api/dev/identity/${request.id}/complete">
        <label for="birthday">${callerText(c, 'dev_identity_birthday')}</label>
        <input id="birthday" name="birthday" type="date" value="1990-01-01" required />
        <button type="submit">${callerText(c, 'dev_identity_complete')}</button>
      </form>`;
      return c.html(simulatorPage(c, 'dev_identity_title', 'dev_identity_lead', form));
    },
  )
  .get(
    '/identity/:requestId/complete',
    doc({
      tag: 'development',
      summary: 'Completes a simulated verification and returns to /my/personal-auth',
      responses: { 302: 'To /my/personal-auth?status=complete&type=…' },
    }),
    devOnly(),
    params(requestParams, { invalid: 'not_found' }),
    query(completeQuery),
    async (c) => {
      const done = await completeIdentityRequest(
        c.get('deps').database.db,
        c.req.valid('param').requestId,
        c.req.valid('query').birthday,
      );
      if (!done) return fail(c, 'not_found');
      return c.redirect(`/my/personal-auth?${new URLSearchParams({ status: 'complete', type: done.type })}`, 302);
    },
  );
