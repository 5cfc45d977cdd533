/**
 * Access tokens: short-lived HS256 JWTs (RFC 7519) carried in the HttpOnly `flx_oauth_access` cookie.
 * Verification pins the algorithm and checks exp, nbf, iss and aud (ASVS 9.1.1-9.2.3).
 */
import { sign, verify } from 'hono/jwt';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const TOKEN_ISSUER = 'flx-api';
export const TOKEN_AUDIENCE = 'flx-web';

export interface AccessClaims {
  /** Member id. */
  sub: string;
  /** Session (refresh-token family) id, so a logout can deny the access tokens of that session. */
  sid: string;
  iat: number;
  nbf: number;
  exp: number;
  iss: string;
  aud: string;
}

export async function signAccessToken(
  memberId: number,
  sessionId: string,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): Promise<string> {
  const claims: AccessClaims = {
    sub: String(memberId),
    sid: sessionId,
    iat: nowS,
    nbf: nowS,
    exp: nowS + ACCESS_TOKEN_TTL_S,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
  };
  return sign({ ...claims }, secret, 'HS256');
}

// Importing the HMAC key is most of a verification's cost: done once per secret, not per request.
const importKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
const keys = new Map<string, ReturnType<typeof importKey>>();
function verificationKey(secret: string): ReturnType<typeof importKey> {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = importKey(secret)));
  return key;
}

/** How many verified tokens a process remembers per secret (the oldest goes first). */
export const VERIFIED_TOKENS_MAX = 10_000;
// A token's signature and claims never change: once verified it stays good until its `exp`, so a
// caller sending many requests pays the HMAC once. Revocation is not decided here: the guards ask
// the database on every request (api/http/session.ts).
const verified = new Map<string, Map<string, AccessClaims>>();

/** Returns the claims of a valid token, or null for anything else (never throws). */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  if (!token || token.length > 4096) return null;
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) {
    if (hit.exp > Math.floor(Date.now() / 1000)) return hit;
    known!.delete(token);
  }
  const claims = await verifyOnce(token, secret);
  if (claims) {
    if (!known) verified.set(secret, (known = new Map()));
    if (known.size >= VERIFIED_TOKENS_MAX) known.delete(known.keys().next().value!);
    known.set(token, claims);
  }
  return claims;
}

async function verifyOnce(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const payload = await verify(token, await verificationKey(secret), {
      alg: 'HS256',
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      nbf: true,
      exp: true,
      iat: true,
    });
    if (typeof payload.sub !== 'string' || !/^\d{1,10}$/.test(payload.sub) || typeof payload.sid !== 'string')
      return null;
    return Object.freeze(payload as unknown as AccessClaims);
  } catch {
    return null;
  }
}
