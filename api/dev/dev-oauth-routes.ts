import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { simulatorCode } from '../providers/oauth/simulator.ts';
import { LOGIN_PROVIDERS } from '../../domain/enums.ts';
import { callerText } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { params, query } from '../http/request.ts';
import { devOnly } from './dev-only.ts';
import { simulatorPage } from './sim-page.ts';

/**
 * The development OAuth provider's pages (mounted under `/api/dev`, so 404 in production):
 * an authorize page where the developer names the simulated user, and the approve step that
 * sends the browser back to the site's `/callback/{provider}/authorize?code&state`.
 */
const providerParams = v.object({ provider: v.picklist(LOGIN_PROVIDERS) });
const stateField = v.pipe(v.string(), v.minLength(1), v.maxLength(128));
export const authorizeQuery = v.object({ state: stateField });
export const approveQuery = v.object({
  state: stateField,
  subject: v.pipe(v.string(), v.trim(), v.regex(/^[\w.@-]{1,64}$/)),
});

export const devOAuth = new Hono<ApiEnv>()
  .get(
    '/oauth/:provider/authorize',
    doc({
      tag: 'development',
      summary: 'The OAuth simulator page: names the simulated user',
      responses: { 200: 'An HTML form' },
    }),
    devOnly(),
    params(providerParams, { invalid: 'bad_request' }),
    query(authorizeQuery, { invalid: 'bad_request' }),
    (c) => {
      const { provider } = c.req.valid('param');
      const { state } = c.req.valid('query');
      const suggested = `${provider}-user-${Math.floor(Math.random() * 1e6)}`;
      const name = callerText(c, `dev_oauth_name_${provider}`);
      const form = html`<form method="get" action="/api/dev/oauth/${provider}/approve">
        <input type="hidden" name="state" value="${state}" />
        <label for="subject">${callerText(c, 'dev_oauth_subject', { provider: name })}</label>
        <input id="subject" name="subject" value="${suggested}" required maxlength="64" />
        <button type="submit">${callerText(c, 'dev_oauth_continue')}</button>
      </form>`;
      return c.html(simulatorPage(c, 'dev_oauth_title', 'dev_oauth_lead', form, { provider: name }));
    },
  )
  .get(
    '/oauth/:provider/approve',
    doc({
      tag: 'development',
      summary: 'Approves as the simulated user and returns to the site’s callback page',
      responses: { 302: 'To /callback/{provider}/authorize?code&state' },
    }),
    devOnly(),
    params(providerParams, { invalid: 'bad_request' }),
    query(approveQuery, { invalid: 'bad_request' }),
    (c) => {
      const { provider } = c.req.valid('param');
      const { state, subject } = c.req.valid('query');
      const code = simulatorCode(c.get('deps').config.jwtSecret, provider, subject);
      return c.redirect(`/callback/${provider}/authorize?${new URLSearchParams({ code, state })}`, 302);
    },
  );
