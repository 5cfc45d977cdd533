import { Hono } from 'hono';
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { PAGE } from '../../domain/routes.ts';
import { rebrandSetCookie } from '../cookies.ts';
import type { AppEnv } from '../env.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';

/** Longest token we pass on (an access token is a few hundred characters). */
const TOKEN_LENGTH_MAX = 4096;

/**
 * `GET /redirects/signin?token=…&redirectTo=…` (docs/INGEST.md "Caster apps"): a caster app's chat
 * dock opens this with its access token. The API turns the token into a browser session of its own
 * once (`POST /api/oauth/token-signin`: one-time, and only while the token is fresh); the session
 * cookies go on the brand and the browser goes to `redirectTo` (through the one sanitizer). A token
 * refused (spent, expired, forged) sends the browser to sign in, with the same destination after.
 * The token never goes further than this answer: no-store, and no Referer from the next page.
 */
export const signinLink = new Hono<AppEnv>().get('/signin', async (c) => {
  const target = safeCallbackUrl(c.req.query('redirectTo'));
  const token = c.req.query('token') ?? '';
  const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  const toSignin = () => c.redirect(`${PAGE.signin}?callbackURL=${encodeURIComponent(target)}`, 302);
  if (!token || token.length > TOKEN_LENGTH_MAX) return withHeaders(toSignin(), headers);
  const upstream = upstreamHeaders(c, new Headers({ 'content-type': 'application/json', accept: 'application/json' }));
  upstream.delete('cookie');
  let res: Response;
  try {
    res = await fetchApi(c, '/api/oauth/token-signin', {
      method: 'POST',
      headers: upstream,
      body: JSON.stringify({ token }),
    });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    return withHeaders(toSignin(), headers);
  }
  await res.body?.cancel();
  if (res.status !== 200) return withHeaders(toSignin(), headers);
  const out = withHeaders(c.redirect(target, 302), headers);
  for (const line of res.headers.getSetCookie())
    out.headers.append('set-cookie', rebrandSetCookie(line, c.get('cookieDomain'), c.get('https')));
  return out;
});

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}
