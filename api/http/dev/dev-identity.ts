import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { completeIdentityRequest, identityRequestOf } from '../../auth/identity-requests.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { birthdaySchema } from '../../../domain/schemas/fields.ts';

/**
 * The development identity-verification simulator (under `/api/dev`, so 404 in production): a page
 * asking for the birth date the "provider" would confirm, then back to `/my/personal-auth`.
 */
export const devIdentity = new Hono<ApiEnv>();

devIdentity.get('/identity/:requestId', async (c) => {
  const request = await identityRequestOf(c.get('deps').database.db, c.req.param('requestId'));
  if (!request || request.status !== 'pending') return c.json(apiErrorBody('not_found'), 404);
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Identity verification (development simulator)</title>
        </head>
        <body>
          <main>
            <h1>Identity verification (development simulator)</h1>
            <form method="get" action="/api/dev/identity/${request.id}/complete">
              <label for="birthday">Birth date confirmed by the provider</label>
              <input id="birthday" name="birthday" type="date" value="1990-01-01" required />
              <button type="submit">Complete verification</button>
            </form>
          </main>
        </body>
      </html>`,
  );
});

devIdentity.get('/identity/:requestId/complete', async (c) => {
  const birthday = v.safeParse(birthdaySchema, c.req.query('birthday') ?? '');
  if (!birthday.success) return c.json(apiErrorBody('validation_failed', birthday.issues[0]?.message), 400);
  const done = await completeIdentityRequest(c.get('deps').database.db, c.req.param('requestId'), birthday.output);
  if (!done) return c.json(apiErrorBody('not_found'), 404);
  return c.redirect(`/my/personal-auth?${new URLSearchParams({ status: 'complete', type: done.type })}`, 302);
});
