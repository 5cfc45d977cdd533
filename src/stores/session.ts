/**
 * Who is signed in (SPEC §4), without ever reading a token: the worker's non-secret
 * `flx_session` hint cookie says whether to ask, `GET /api/my/profile` says who.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { apiRequest, setApiEffects } from '../lib/api-client.ts';
import { hasSessionHint } from '../lib/session-hint.ts';
import { showAlert, showMembersOnly, showSessionExpired } from './modals.ts';

export { hasSessionHint } from '../lib/session-hint.ts';

export interface ProfileSettings {
  isView: boolean;
  isVibes: boolean;
  isSponser: boolean;
  memberSortCode: string | number | null;
  isBigFan: boolean;
}

export interface Profile {
  memberId: number | string;
  loginId: string;
  nickname: string;
  memberType: string;
  /** Personally identity-verified. */
  PI: boolean;
  settings: ProfileSettings;
}

export type SessionState = { status: 'unknown' } | { status: 'guest' } | { status: 'member'; profile: Profile };

const session = atom<SessionState>({ status: 'unknown' });

export const $session: ReadableAtom<SessionState> = session;
export const $signedIn = computed(session, (s) => s.status === 'member');
export const $profile = computed(session, (s) => (s.status === 'member' ? s.profile : null));
/** The current user of SPEC §3 ("me": loginId). */
export const $me = computed(session, (s) => (s.status === 'member' ? { loginId: s.profile.loginId } : null));
export const $isPersonallyVerified = computed(session, (s) => s.status === 'member' && s.profile.PI === true);

let loading: Promise<SessionState> | null = null;

/** Loads the session once per page (later calls share the answer); `force` asks again. */
export function loadSession({ force = false } = {}): Promise<SessionState> {
  if (loading && !force) return loading;
  loading = (async (): Promise<SessionState> => {
    if (!hasSessionHint()) {
      session.set({ status: 'guest' });
      return session.get();
    }
    try {
      const profile = await apiRequest<Profile>('/api/my/profile');
      session.set({ status: 'member', profile });
    } catch {
      // 401: the hint outlived the session. Anything else: we cannot tell, so show the guest view.
      session.set({ status: 'guest' });
    }
    return session.get();
  })();
  return loading;
}

/**
 * Guard for members-only actions (SPEC §6): resolves true for a member; for a guest it shows
 * the members-only dialog (its buttons carry `callbackURL`, default this page) and resolves false.
 */
export async function ensureMember(callbackURL?: string): Promise<boolean> {
  const state = await loadSession();
  if (state.status === 'member') return true;
  showMembersOnly(callbackURL);
  return false;
}

/** Replaces the profile after a change (identity verification, profile edit). */
export function setProfile(profile: Profile): void {
  session.set({ status: 'member', profile });
}

/** Signs out on the server (revokes the refresh family, clears cookies), then becomes a guest. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/api/auth/signout', { method: 'POST', silent: true });
  } finally {
    session.set({ status: 'guest' });
    loading = Promise.resolve(session.get());
  }
}

/**
 * The logout flow after the edge reported `session_expired` (cookies already cleared there):
 * forget the member, tell the server (best effort), show the session-expired dialog.
 */
export function endExpiredSession(): void {
  const wasMember = session.get().status !== 'guest';
  session.set({ status: 'guest' });
  loading = Promise.resolve(session.get());
  if (wasMember) void apiRequest('/api/auth/signout', { method: 'POST', silent: true }).catch(() => undefined);
  showSessionExpired();
}

/**
 * Gives the API client what session expiry and a bare message do on a page: the logout flow with
 * its dialog, and the alert. The shell calls it once at boot (the client itself knows no store).
 */
export function installSessionEffects(): void {
  setApiEffects({ sessionExpired: endExpiredSession, alert: showAlert });
}
