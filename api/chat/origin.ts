/**
 * Websocket handshake Origin check (ASVS 4.4.1; cross-site websocket hijacking). Browsers always
 * send Origin on a websocket upgrade; non-browser clients may omit it and carry no ambient cookies.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function originAllowed(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (allowedOrigins.length > 0) return allowedOrigins.includes(origin);
  // No configured list (development): same origin as the page the worker served.
  const forwarded = headers['x-forwarded-host'];
  const pageHost = typeof forwarded === 'string' ? forwarded : headers.host;
  return host === pageHost;
}
