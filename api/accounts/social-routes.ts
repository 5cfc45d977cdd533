import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { consumeOAuthState, linkedMember, newOAuthState, newSocialTicket } from './social-accounts.ts';
import { startSession } from './start-session.ts';
import { oauthProviderFor } from '../providers/oauth/index.ts';
import type { OAuthProvider } from '../providers/oauth/oauth-provider.ts';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../domain/enums.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, documented, ERROR_CODES_KEY, params } from '../http/request.ts';
import { readAuthSettings } from '../service/platform-settings.ts';

/**
 * Social sign-in under `/api/auth/oauth/{provider}` (kakao, naver, google, twitch): `GET authorize`
 * sends the browser to the provider; the provider returns it to the site's
 * `/callback/{provider}/authorize?code&state`, whose page posts `{ code, state }` to `POST callback`.
 */
const SWITCH: Record<LoginProvider, 'isSnsLoginKakao' | 'isSnsLoginNaver' | 'isSnsLoginGoogle' | 'isSnsLoginTwitch'> = {
  kakao: 'isSnsLoginKakao',
  naver: 'isSnsLoginNaver',
  google: 'isSnsLoginGoogle',
  twitch: 'isSnsLoginTwitch',
};

export function asProvider(value: string): LoginProvider | null {
  return (LOGIN_PROVIDERS as readonly string[]).includes(value) ? (value as LoginProvider) : null;
}

/** `{provider}` of the social routes: an unknown one is 404 `not_found`. */
export const providerParams = () =>
  params(v.object({ provider: v.picklist(LOGIN_PROVIDERS) }), { invalid: 'not_found' });

async function switchedOn(c: Context<ApiEnv>, id: LoginProvider): Promise<boolean> {
  return (await readAuthSettings(c.get('deps').database.db))[SWITCH[id]];
}

/** The provider's OAuth client: the simulator outside production, else null without credentials. */
function clientFor(c: Context<ApiEnv>, id: LoginProvider): OAuthProvider | null {
  return oauthProviderFor(
    c.get('deps').config,
    id,
    `${(requestBrand(c) ?? DEFAULT_BRAND).serviceUrl}/callback/${id}/authorize`,
  );
}

/**
 * Refuses a provider the channel settings switch off with 403 `provider_disabled`, before the
 * body is read; with `needsClient`, also one without OAuth credentials. `fixed` names the provider
 * of a route without `{provider}`.
 */
export function providerOn(options: { fixed?: LoginProvider; needsClient?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return documented(
    async function providerOn(c, next) {
      const id = options.fixed ?? asProvider(c.req.param('provider') ?? '');
      if (!id || !(await switchedOn(c, id)) || (options.needsClient && !clientFor(c, id)))
        return fail(c, 'provider_disabled');
      await next();
    },
    { [ERROR_CODES_KEY]: ['provider_disabled'] },
  );
}

export const oauthCallbackBody = v.object({
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  state: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});

export const social = new Hono<ApiEnv>()
  .get(
    '/:provider/authorize',
    doc({
      tag: 'auth',
      summary: 'Sends the browser to the provider (PKCE where supported; the state is single use, 10 minutes)',
      responses: { 302: 'To the provider’s authorization page' },
    }),
    providerParams(),
    providerOn({ needsClient: true }),
    async (c) => {
      const provider = clientFor(c, c.req.valid('param').provider)!;
      const { state, codeVerifier } = await newOAuthState(c.get('deps').database.db, provider.id);
      const url = provider.authorizationUrl(state, codeVerifier);
      // The simulator lives on this origin: send a path, so the browser stays on the brand's host.
      return c.redirect(provider.kind === 'simulator' ? `${url.pathname}${url.search}` : url.toString(), 302);
    },
  )
  .post(
    '/:provider/callback',
    doc({
      tag: 'auth',
      summary: 'Completes a social sign-in with the code and state the provider returned',
      responses: {
        200:
          "{ status: 'signedin', loginId, nickname } and the session cookies for a linked account, else { " +
          "status: 'signup', provider, accessToken } (a single-use 15-minute sign-up ticket)",
      },
      errors: ['social_failed', 'blocked'],
    }),
    providerParams(),
    providerOn({ needsClient: true }),
    body(oauthCallbackBody, { form: true }),
    async (c) => {
      const provider = clientFor(c, c.req.valid('param').provider)!;
      const input = c.req.valid('json');
      const deps = c.get('deps');
      const db = deps.database.db;
      const verifier = await consumeOAuthState(db, provider.id, input.state);
      if (!verifier) return fail(c, 'social_failed');
      let identity: Awaited<ReturnType<typeof provider.identify>>;
      try {
        identity = await provider.identify(input.code, verifier);
      } catch {
        return fail(c, 'social_failed');
      }
      const member = await linkedMember(db, provider.id, identity.subject);
      if (member?.blocked) return fail(c, 'blocked');
      if (member) {
        await startSession(c, db, deps.config.jwtSecret, member.id, false, null);
        return c.json({ status: 'signedin', loginId: member.loginId, nickname: member.nickname });
      }
      const accessToken = await newSocialTicket(db, provider.id, identity.subject, identity.email);
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'signup', provider: provider.id, accessToken });
    },
  );
