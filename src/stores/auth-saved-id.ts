/**
 * "Save ID" (SPEC §3 sign-in payload saveId): local storage keeps the login ID only, never a
 * token (SECURITY-CHECKLIST: tokens never in localStorage).
 */
export const SAVED_LOGIN_ID_KEY = 'flx_saved_login_id';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readSavedLoginId(): string {
  return storage()?.getItem(SAVED_LOGIN_ID_KEY) ?? '';
}

export function rememberLoginId(loginId: string, save: boolean): void {
  const s = storage();
  if (!s) return;
  if (save && loginId) s.setItem(SAVED_LOGIN_ID_KEY, loginId);
  else s.removeItem(SAVED_LOGIN_ID_KEY);
}
