/**
 * The global modals of SPEC §2, as state. Any island (or the API client) opens them through
 * these actions; the modal host island renders them. Writable atoms stay private.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { safeCallbackUrl } from '../../domain/redirect.ts';
import { PAGE } from '../../domain/routes.ts';
import { isAppWebview } from '../lib/device.ts';

export type AuthTab = 'signin' | 'signup';

export type GlobalDialog =
  | { kind: 'alert'; text: string }
  | { kind: 'membersOnly'; callbackURL: string }
  | { kind: 'sessionExpired' };

export interface AuthDialogState {
  tab: AuthTab;
  callbackURL: string;
}

const dialog = atom<GlobalDialog | null>(null);
const authDialog = atom<AuthDialogState | null>(null);

/** The alert, members-only or session-expired dialog on screen, if any. */
export const $dialog: ReadableAtom<GlobalDialog | null> = dialog;
/** The login / sign-up dialog, if open. */
export const $authDialog: ReadableAtom<AuthDialogState | null> = authDialog;

/** Path + query of this page, sanitised: the default callbackURL. */
export function currentPath(): string {
  if (typeof window === 'undefined') return PAGE.home;
  return safeCallbackUrl(window.location.pathname + window.location.search);
}

/** Alert with title 안내 / button 확인; inside an app webview the native alert is used (SPEC §2). */
export function showAlert(text: string): void {
  if (isAppWebview()) {
    window.alert(text);
    return;
  }
  dialog.set({ kind: 'alert', text });
}

/**
 * Members-only dialog; both of its buttons carry `callbackURL` (default: this page). It never
 * replaces the session-expired dialog: that one says why the member is a guest now, and its
 * 확인 leads to sign-in as well.
 */
export function showMembersOnly(callbackURL: string = currentPath()): void {
  if (dialog.get()?.kind === 'sessionExpired') return;
  dialog.set({ kind: 'membersOnly', callbackURL: safeCallbackUrl(callbackURL) });
}

export function showSessionExpired(): void {
  authDialog.set(null);
  dialog.set({ kind: 'sessionExpired' });
}

export function closeDialog(): void {
  dialog.set(null);
}

/** Opens the login / sign-up dialog on `tab` (default sign-in) with `callbackURL` (default: this page). */
export function openAuthDialog({ tab = 'signin', callbackURL }: { tab?: AuthTab; callbackURL?: string } = {}): void {
  dialog.set(null);
  authDialog.set({ tab, callbackURL: safeCallbackUrl(callbackURL ?? currentPath()) });
}

export function setAuthTab(tab: AuthTab): void {
  const now = authDialog.get();
  if (now) authDialog.set({ ...now, tab });
}

export function closeAuthDialog(): void {
  authDialog.set(null);
}

/** 취소 and the overlay of the session-expired dialog reload the page (SPEC §2). */
export function reloadPage(): void {
  window.location.reload();
}
