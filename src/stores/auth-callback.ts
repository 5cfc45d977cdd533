import { safeCallbackUrl } from '../../domain/redirect.ts';
import { PAGE } from '../../domain/routes.ts';

/** The callbackURL of this page's query, sanitised (domain/redirect.ts). */
export function callbackFromQuery(search: string = typeof location === 'undefined' ? '' : location.search): string {
  return safeCallbackUrl(new URLSearchParams(search).get('callbackURL') ?? PAGE.home);
}
