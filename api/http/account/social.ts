import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { consumeOAuthState, linkedMember, newOAuthState, newSocialTicket } from '../../auth/social-accounts.ts';
import { startSession } from '../../auth/start-session.ts';
import { oauthProviderFor } from '../../providers/oauth/index.ts';
import type { OAuthProvider } from '../../providers/oauth/oauth-provider.ts';
import { brandById, DEFAULT_BRAND, isBrandId } from '../../../domain/brands.ts';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../../domain/enums.ts';
import { apiErrorBody } from '../../../domain/errors.ts';
import { badInput, parseBody } from './auth-input.ts';
import { readAuthSettings } from '../guest/guest-settings.ts';

/**
 * Social sign-in under `/api/auth/oauth/{provider}` (kakao, naver, google, twitch):
 * `GET authorize` sends the browser to the provider; the provider returns it to the site's
 * `/callback/{provider}/authorize?code&state`, whose page posts `{ code, state }` to `POST callback`.
 * A linked account is signed in (`{ status: 'signedin' }`); otherwise the answer is
 * `{ status: 'signup', accessToken }` for the social sign-up call. A provider the channel settings
 * switch off answers 403 `provider_disabled` everywhere.
 */
export const social = new Hono<ApiEnv>();

const SWITCH: Record<LoginProvider, 'isSnsLoginKakao' | 'isSnsLoginNaver' | 'isSnsLoginGoogle' | 'isSnsLoginTwitch'> = {
  kakao: 'isSnsLoginKakao',
  naver: 'isSnsLoginNaver',
  google: 'isSnsLoginGoogle',
  twitch: 'isSnsLoginTwitch',
};

export function asProvider(value: string): LoginProvider | null {
  return (LOGIN_PROVIDERS as readonly string[]).includes(value) ? (value as LoginProvider) : null;
}

export async function providerEnabled(c: Context<ApiEnv>, provider: LoginProvider): Promise<boolean> {
  return (await readAuthSettings(c.get('deps').database.db))[SWITCH[provider]];
}

function redirectUri(c: Context<ApiEnv>, provider: LoginProvider): string {
  const id = c.req.header('x-brand') ?? '';
  const brand = isBrandId(id) ? brandById(id) : DEFAULT_BRAND;
  return `${brand.serviceUrl}/callback/${provider}/authorize`;
}

/** The usable provider for this request, or the error answer. */
async function providerOf(c: Context<ApiEnv>): Promise<{ provider: OAuthProvider } | { error: Response }> {
  const id = asProvider(c.req.param('provider') ?? '');
  if (!id) return { error: c.json(apiErrorBody('not_found'), 404) };
  const provider = (await providerEnabled(c, id)) ? oauthProviderFor(c.get('deps').config, id, redirectUri(c, id)) : null;
  if (!provider) return { error: c.json(apiErrorBody('provider_disabled'), 403) };
  return { provider };
}

social.get('/:provider/authorize', async (c) => {
  const found = await providerOf(c);
  if ('error' in found) return found.error;
  const { state, codeVerifier } = await newOAuthState(c.get('deps').database.db, found.provider.id);
  const url = found.provider.authorizationUrl(state, codeVerifier);
  // The simulator lives on this origin: send a path, so the browser stays on the brand's host.
  return c.redirect(found.provider.kind === 'simulator' ? `${url.pathname}${url.search}` : url.toString(), 302);
});

export const oauthCallbackBody = v.object({
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  state: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});

social.post('/:provider/callback', async (c) => {
  const found = await providerOf(c);
  if ('error' in found) return found.error;
  const parsed = await parseBody(c, oauthCallbackBody);
  if (!parsed.ok) return badInput(c, parsed);
  const deps = c.get('deps');
  const db = deps.database.db;
  const verifier = await consumeOAuthState(db, found.provider.id, parsed.data.state);
  if (!verifier) return c.json(apiErrorBody('social_failed'), 400);
  let identity;
  try {
    identity = await found.provider.identify(parsed.data.code, verifier);
  } catch {
    return c.json(apiErrorBody('social_failed'), 400);
  }
  const member = await linkedMember(db, found.provider.id, identity.subject);
  if (member?.blocked) return c.json(apiErrorBody('blocked'), 423);
  if (member) {
    await startSession(c, db, deps.config.jwtSecret, member.id, false, null);
    return c.json({ status: 'signedin', loginId: member.loginId, nickname: member.nickname });
  }
  const accessToken = await newSocialTicket(db, found.provider.id, identity.subject, identity.email);
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 'signup', provider: found.provider.id, accessToken });
});
