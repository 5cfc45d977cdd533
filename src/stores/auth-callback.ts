import { safeCallbackUrl } from '../../domain/redirect.ts';

/** The callbackURL of this page's query, sanitised (domain/redirect.ts). */
export function callbackFromQuery(search: string = typeof location === 'undefined' ? '' : location.search): string {
  return safeCallbackUrl(new URLSearchParams(search).get('callbackURL') ?? '/');
}
