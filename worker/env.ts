import type { Brand } from '../domain/brands.ts';
import type { Locale } from '../domain/locales.ts';

export interface Bindings {
  ASSETS: Fetcher;
  /** Origin of the platform API (no trailing slash). */
  API_ORIGIN: string;
  /** Milliseconds to wait for the API's response headers before answering 503 (default 15000). */
  API_TIMEOUT_MS?: string;
  /** Milliseconds one isolate keeps the service status (default 5000; 0 = read on every page). */
  SERVICE_STATUS_TTL_MS?: string;
  /** The media origin (docs/INGEST.md): where `/media/{token}/{path}` fetches `path`. Unset: media answers 503. */
  MEDIA_ORIGIN?: string;
  /** Checks the playback tokens the API mints (a secret, shared with the API only). Unset: media answers 503. */
  MEDIA_TOKEN_SECRET?: string;
}

export interface Variables {
  brand: Brand;
  /** Domain attribute for cookies set on this request's host; null = host-only. */
  cookieDomain: string | null;
  /** The visitor reached us over https (Secure cookies, HSTS). */
  https: boolean;
  locale: Locale;
  /** Cookie header to send upstream: the browser's, with tokens refreshed at the edge swapped in. */
  upstreamCookie: string | null;
  /** Somebody is signed in (SPEC §4), after any refresh this request did. */
  signedIn: boolean;
  /** Session Set-Cookie lines (already on the brand) to emit on this response. */
  sessionSetCookies: string[];
  /** The session ended during this request (refresh refused, sign-out): clear its cookies. */
  sessionCleared: boolean;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
