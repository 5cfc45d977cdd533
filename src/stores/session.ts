/**
 * Who is signed in (SPEC §4), without ever reading a token: the worker's non-secret
 * `flx_session` hint cookie says whether to ask, `GET /api/my/profile` says who.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Profile } from '../../domain/answers/accounts.ts';
import { setApiEffects } from '../lib/api-effects.ts';
import { hasSessionHint, takeSessionEndedMark } from '../lib/session-hint.ts';
import { showAlert, showMembersOnly, showSessionExpired } from './modals.ts';

export { hasSessionHint } from '../lib/session-hint.ts';

// A guest's page makes no call until the visitor acts, so the client loads with the first call
// (the shell starts loading it at boot when the hint says a member is signed in).
const client = () => import('../lib/api-client.ts');

export type { Profile, ProfileSettings } from '../../domain/answers/accounts.ts';

export type SessionState = { status: 'unknown' } | { status: 'guest' } | { status: 'member'; profile: Profile };

const session = atom<SessionState>({ status: 'unknown' });

export const $session: ReadableAtom<SessionState> = session;
export const $signedIn = computed(session, (s) => s.status === 'member');
export const $profile = computed(session, (s) => (s.status === 'member' ? s.profile : null));
/** The current user of SPEC §3 ("me": loginId). */
export const $me = computed(session, (s) => (s.status === 'member' ? { loginId: s.profile.loginId } : null));
export const $isPersonallyVerified = computed(session, (s) => s.status === 'member' && s.profile.PI === true);

let loading: Promise<SessionState> | null = null;

/**
 * Loads the session once per page (later calls share the answer); `force` asks again. A session
 * that died under the page (the edge refused the refresh, or the profile read finds the member
 * gone while the hint says signed in) ends in the session-expired dialog, not a plain guest view.
 */
export function loadSession({ force = false } = {}): Promise<SessionState> {
  if (loading && !force) return loading;
  loading = (async (): Promise<SessionState> => {
    if (takeSessionEndedMark()) {
      // The edge already cleared the cookies while serving this page.
      expire({ tellServer: false });
      return session.get();
    }
    if (!hasSessionHint()) {
      session.set({ status: 'guest' });
      return session.get();
    }
    const { apiResult } = await client();
    const r = await apiResult<Profile>('/api/my/profile');
    if (r.ok) session.set({ status: 'member', profile: r.value });
    // session_expired: the client's effect has already run the logout flow.
    else if (r.failure.status === 401 && r.failure.code !== 'session_expired') expire({ tellServer: true });
    // Anything else: we cannot tell, so show the guest view.
    else session.set({ status: 'guest' });
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
    const { apiResult } = await client();
    await apiResult('/api/auth/signout', { method: 'POST', silent: true });
  } finally {
    // Also when the client could not load: the page is a guest's either way.
    session.set({ status: 'guest' });
    loading = Promise.resolve(session.get());
  }
}

function expire({ tellServer }: { tellServer: boolean }): void {
  const wasMember = session.get().status !== 'guest';
  session.set({ status: 'guest' });
  loading = Promise.resolve(session.get());
  // The server clears the cookies the edge could not (a revoked access token without a refresh one).
  if (wasMember && tellServer)
    void client()
      .then(({ apiResult }) => apiResult('/api/auth/signout', { method: 'POST', silent: true }))
      .catch(() => undefined);
  showSessionExpired();
}

/**
 * The logout flow after the edge reported `session_expired` (cookies already cleared there):
 * forget the member, tell the server (best effort), show the session-expired dialog.
 */
export function endExpiredSession(): void {
  expire({ tellServer: true });
}

/**
 * Gives the API client what session expiry and a bare message do on a page: the logout flow with
 * its dialog, and the alert. The shell calls it once at boot (the client itself knows no store).
 */
export function installSessionEffects(): void {
  setApiEffects({ sessionExpired: endExpiredSession, alert: showAlert });
}
