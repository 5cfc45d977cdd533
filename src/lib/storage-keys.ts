/**
 * Browser storage the shell owns (SPEC §3 "pcode", §9 "session storage keys").
 * No token is ever stored here (SECURITY-CHECKLIST: tokens only in HttpOnly cookies).
 */
import { safeLocalStorage } from './device.ts';

/** Local storage: the partner code a visitor arrived with, sent as `pcode` at sign-up. */
export const PCODE_STORAGE_KEY = 'pcode';

/** Session storage keys of SPEC §9. */
export const SESSION_KEYS = {
  stateCode: 'stateCode',
  initFlag: 'isInit',
  scrollTop: 'scrollTop',
} as const;

const PARTNER_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Keeps `partnerCode` from the query as `pcode` — only for a visitor nobody is signed in as
 * (SPEC §4 "Partner code … applied only when nobody is logged in"). Returns the stored code.
 */
export function capturePartnerCode(
  search: string,
  signedIn: boolean,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): string | null {
  const code = new URLSearchParams(search).get('partnerCode');
  if (!signedIn && code && PARTNER_CODE.test(code)) storage.setItem(PCODE_STORAGE_KEY, code);
  return storage.getItem(PCODE_STORAGE_KEY);
}

/** The stored partner code for sign-up payloads, or undefined. */
export function storedPartnerCode(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): string | undefined {
  return storage?.getItem(PCODE_STORAGE_KEY) ?? undefined;
}
