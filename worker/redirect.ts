import type { Context } from 'hono';
import { safeCallbackUrl } from '../domain/redirect.ts';

/**
 * Every redirect the worker emits goes through the one sanitizer (domain/redirect.ts), so a
 * Location is always a same-site path, whatever a visitor put in the URL.
 */
export function redirectTo(c: Context, target: string): Response {
  return c.redirect(safeCallbackUrl(target), 302);
}

/** The current path and query, as a callbackURL. */
export function currentPathAndQuery(url: string): string {
  const u = new URL(url);
  return safeCallbackUrl(u.pathname + u.search);
}
