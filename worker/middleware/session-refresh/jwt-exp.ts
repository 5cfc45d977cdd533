/**
 * Reads a JWT's `exp` without checking the signature: the edge only decides whether a refresh is
 * due; the API verifies every token it is given (RFC 7519 §4.1.4).
 * Returns null when the token is not a readable JWT.
 */
export function jwtExpiresAtS(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1]!.length > 4096) return null;
  try {
    const b64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const payload: unknown = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)));
    const exp = (payload as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Refresh this long before expiry, so a request never reaches the API with a token that dies on the way. */
export const ACCESS_REFRESH_MARGIN_S = 60;

/** True when the access token is absent, unreadable or expires within the margin. */
export function accessNeedsRefresh(access: string | undefined, nowMs: number): boolean {
  if (!access) return true;
  const exp = jwtExpiresAtS(access);
  return exp === null || exp - ACCESS_REFRESH_MARGIN_S <= nowMs / 1000;
}
