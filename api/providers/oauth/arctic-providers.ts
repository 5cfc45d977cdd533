/**
 * Production social login through arctic (maintained OAuth 2.0 clients): code exchange, then the
 * provider's user-info call for a stable id. Configured by env per provider:
 * OAUTH_{KAKAO|NAVER|GOOGLE|TWITCH}_CLIENT_ID and _CLIENT_SECRET; the redirect URI is the brand's
 * `/callback/{provider}/authorize`.
 */
import { decodeIdToken, Google, Kakao, Naver, Twitch, type OAuth2Tokens } from 'arctic';
import type { LoginProvider } from '../../../domain/enums.ts';
import type { OAuthProvider, ProviderIdentity } from './oauth-provider.ts';

async function getJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`user info answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

export class ArcticProvider implements OAuthProvider {
  readonly kind = 'oauth2' as const;
  readonly id: LoginProvider;
  readonly #clientId: string;
  readonly #client: Kakao | Naver | Google | Twitch;

  constructor(id: LoginProvider, clientId: string, clientSecret: string, redirectUri: string) {
    this.id = id;
    this.#clientId = clientId;
    this.#client =
      id === 'kakao'
        ? new Kakao(clientId, clientSecret, redirectUri)
        : id === 'naver'
          ? new Naver(clientId, clientSecret, redirectUri)
          : id === 'google'
            ? new Google(clientId, clientSecret, redirectUri)
            : new Twitch(clientId, clientSecret, redirectUri);
  }

  authorizationUrl(state: string, codeVerifier: string): URL {
    const c = this.#client;
    if (c instanceof Google) return c.createAuthorizationURL(state, codeVerifier, ['openid', 'email']);
    if (c instanceof Naver) {
      // arctic's Naver client leaves the state to the caller.
      const url = c.createAuthorizationURL();
      url.searchParams.set('state', state);
      return url;
    }
    return c.createAuthorizationURL(state, []);
  }

  async identify(code: string, codeVerifier: string): Promise<ProviderIdentity> {
    const c = this.#client;
    const tokens: OAuth2Tokens =
      c instanceof Google
        ? await c.validateAuthorizationCode(code, codeVerifier)
        : await c.validateAuthorizationCode(code);
    if (c instanceof Google) {
      const claims = decodeIdToken(tokens.idToken()) as { sub?: string; email?: string };
      if (!claims.sub) throw new Error('no subject');
      return { subject: claims.sub, email: claims.email ?? null };
    }
    const auth = { authorization: `Bearer ${tokens.accessToken()}` };
    if (c instanceof Kakao) {
      const me = await getJson('https://kapi.kakao.com/v2/user/me', auth);
      return { subject: String(me.id), email: (me.kakao_account as { email?: string } | undefined)?.email ?? null };
    }
    if (c instanceof Naver) {
      const me = (await getJson('https://openapi.naver.com/v1/nid/me', auth)).response as
        | { id?: string; email?: string }
        | undefined;
      if (!me?.id) throw new Error('no subject');
      return { subject: me.id, email: me.email ?? null };
    }
    const users = (await getJson('https://api.twitch.tv/helix/users', { ...auth, 'client-id': this.#clientId })).data as
      | { id?: string; email?: string }[]
      | undefined;
    if (!users?.[0]?.id) throw new Error('no subject');
    return { subject: users[0].id, email: users[0].email ?? null };
  }
}
