/**
 * "Save ID" (SPEC §3 sign-in payload saveId): local storage keeps the login ID only, never a
 * token (SECURITY-CHECKLIST: tokens never in localStorage).
 */
import { safeLocalStorage } from '../lib/device.ts';

export const SAVED_LOGIN_ID_KEY = 'flx_saved_login_id';

export function readSavedLoginId(): string {
  return safeLocalStorage()?.getItem(SAVED_LOGIN_ID_KEY) ?? '';
}

export function rememberLoginId(loginId: string, save: boolean): void {
  const s = safeLocalStorage();
  if (!s) return;
  if (save && loginId) s.setItem(SAVED_LOGIN_ID_KEY, loginId);
  else s.removeItem(SAVED_LOGIN_ID_KEY);
}
