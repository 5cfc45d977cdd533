/**
 * The PortOne account every PortOne provider shares (payments, identity verification), read from
 * env once at start-up: `PORTONE_API_SECRET`, `PORTONE_STORE_ID` and `PORTONE_API_BASE` (default
 * https://api.portone.io). Parsers answer a value or the reason it is refused; api/config.ts turns
 * a refusal into a ConfigError, so a half-configured deployment does not start.
 */

export const PORTONE_API_BASE_DEFAULT = 'https://api.portone.io';

export interface PortOneAccount {
  apiSecret: string;
  storeId: string;
  /** An origin: the SDK resolves absolute paths against it. */
  apiBase: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A single token without spaces or control characters, as PortOne's secrets, store ids and channel keys are. */
export function token(value: string | undefined): string | null {
  const v = value?.trim();
  return v && /^[\x21-\x7e]{1,512}$/.test(v) ? v : null;
}

/** `https://…`, or `http://` to a loopback address (a local stand-in); an origin without a path. */
export function parseApiBase(value: string | undefined): Parsed<string> {
  if (!value) return { ok: true, value: PORTONE_API_BASE_DEFAULT };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: `PORTONE_API_BASE must be a URL, not ${value}` };
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    return { ok: false, error: 'PORTONE_API_BASE must be an origin (scheme, host and port only)' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    return { ok: false, error: 'PORTONE_API_BASE must use https (plain http only to a loopback address)' };
  return { ok: true, value: url.origin };
}

/** The account, or which variables `purpose` (e.g. `PAYMENT_GATEWAY=portone`) is missing. */
export function parsePortOneAccount(env: NodeJS.ProcessEnv, purpose: string): Parsed<PortOneAccount> {
  const apiSecret = token(env.PORTONE_API_SECRET);
  const storeId = token(env.PORTONE_STORE_ID);
  const missing = [!apiSecret && 'PORTONE_API_SECRET', !storeId && 'PORTONE_STORE_ID'].filter(Boolean);
  if (missing.length > 0) return { ok: false, error: `${purpose} needs ${missing.join(' and ')}` };
  const apiBase = parseApiBase(env.PORTONE_API_BASE);
  if (!apiBase.ok) return apiBase;
  return { ok: true, value: { apiSecret: apiSecret!, storeId: storeId!, apiBase: apiBase.value } };
}
