import { Hono } from 'hono';
import { html } from 'hono/html';
import type { ApiEnv } from '../../app-env.ts';
import { simulatorCode } from '../../providers/oauth/simulator.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { asProvider } from '../account/social.ts';

/**
 * The development OAuth provider's pages (mounted under `/api/dev`, so 404 in production):
 * an authorize page where the developer names the simulated user, and the approve step that
 * sends the browser back to the site's `/callback/{provider}/authorize?code&state`.
 */
export const devOAuth = new Hono<ApiEnv>();

devOAuth.get('/oauth/:provider/authorize', (c) => {
  const provider = asProvider(c.req.param('provider'));
  const state = c.req.query('state') ?? '';
  if (!provider || !state || state.length > 128) return c.json(apiErrorBody('bad_request'), 400);
  const suggested = `${provider}-user-${Math.floor(Math.random() * 1e6)}`;
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>${provider} sign-in (development simulator)</title>
        </head>
        <body>
          <main>
            <h1>${provider} sign-in (development simulator)</h1>
            <form method="get" action="/api/dev/oauth/${provider}/approve">
              <input type="hidden" name="state" value="${state}" />
              <label for="subject">Simulated ${provider} user id</label>
              <input id="subject" name="subject" value="${suggested}" required maxlength="64" />
              <button type="submit">Continue as this user</button>
            </form>
          </main>
        </body>
      </html>`,
  );
});

devOAuth.get('/oauth/:provider/approve', (c) => {
  const provider = asProvider(c.req.param('provider'));
  const state = c.req.query('state') ?? '';
  const subject = (c.req.query('subject') ?? '').trim();
  if (!provider || !state || state.length > 128 || !/^[\w.@-]{1,64}$/.test(subject)) return c.json(apiErrorBody('bad_request'), 400);
  const code = simulatorCode(c.get('deps').config.jwtSecret, provider, subject);
  return c.redirect(`/callback/${provider}/authorize?${new URLSearchParams({ code, state })}`, 302);
});
