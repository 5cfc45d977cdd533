/**
 * The members the signed-in member has blocked (SPEC §7 blacklist): `$blockedLoginIds` lets any
 * island (the chat list) hide their lines; `$blacklist` is the list the messages page manages.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import { apiResult, type ApiFailure, type ApiResult } from '../lib/api-client.ts';
import { loadSession } from './session.ts';

const blocked = atom<ReadonlySet<string>>(new Set());
export const $blockedLoginIds: ReadableAtom<ReadonlySet<string>> = blocked;

let loading: Promise<ReadonlySet<string>> | null = null;

/** Reads the blocked IDs once per page (`force` reads them again); empty for guests. */
export function loadBlocked({ force = false } = {}): Promise<ReadonlySet<string>> {
  if (loading && !force) return loading;
  loading = (async () => {
    const session = await loadSession();
    if (session.status !== 'member') return blocked.get();
    const r = await apiResult<{ loginIds: string[] }>('/api/my/blacklist/ids', { silent: true });
    // On failure a blocked member's line shows: the safe side, the server still refuses their messages.
    if (r.ok) blocked.set(new Set(r.value.loginIds));
    return blocked.get();
  })();
  return loading;
}

export function isBlockedLoginId(loginId: string): boolean {
  return blocked.get().has(loginId);
}

export interface BlockedMember {
  loginId: string;
  nickname: string;
  createdAt: string;
}

const blacklist = map<{ list: BlockedMember[] | null; failure: ApiFailure | null }>({ list: null, failure: null });
export const $blacklist: ReadableAtom<{ list: BlockedMember[] | null; failure: ApiFailure | null }> = blacklist;

/** Reads the black list (and the blocked IDs with it). */
export async function loadBlacklist(): Promise<void> {
  void loadBlocked({ force: true });
  const r = await apiResult<{ list: BlockedMember[] }>('/api/my/blacklist', { silent: true });
  if (r.ok) blacklist.setKey('list', r.value.list);
  else blacklist.setKey('failure', r.failure);
}

/** Blocks a member; the lists follow. The answer is the call's, for callers that show it themselves. */
export async function block(loginId: string): Promise<ApiResult<unknown>> {
  const r = await apiResult('/api/my/blacklist', { method: 'POST', body: { loginId }, silent: true });
  if (r.ok) await loadBlacklist();
  return r;
}

/** Blocks from the black list's own form; true once listed. */
export async function addToBlacklist(loginId: string): Promise<boolean> {
  blacklist.setKey('failure', null);
  const r = await block(loginId);
  if (!r.ok) blacklist.setKey('failure', r.failure);
  return r.ok;
}

export async function unblock(loginId: string): Promise<void> {
  const r = await apiResult(`/api/my/blacklist/${encodeURIComponent(loginId)}`, { method: 'DELETE', silent: true });
  if (r.ok) await loadBlacklist();
  else blacklist.setKey('failure', r.failure);
}
