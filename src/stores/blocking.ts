/**
 * The members the signed-in member has blocked (SPEC §7 blacklist), so any island (the chat list)
 * can hide their lines. The black list itself is managed on the messages page (messages.ts).
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { BlockedLoginIds } from '../../domain/answers/messages.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
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
    const r = await apiResult<BlockedLoginIds>('/api/my/blacklist/ids', { silent: true });
    // On failure a blocked member's line shows: the safe side, the server still refuses their messages.
    if (r.ok) blocked.set(new Set(r.value.loginIds));
    return blocked.get();
  })();
  return loading;
}

export function isBlockedLoginId(loginId: string): boolean {
  return blocked.get().has(loginId);
}

/** Blocks a member (`POST /api/my/blacklist`, as the messages page does); their lines hide at once. */
export async function blockMember(loginId: string): Promise<ApiFailure | null> {
  const r = await apiResult('/api/my/blacklist', { method: 'POST', body: { loginId }, silent: true });
  if (!r.ok) return r.failure;
  blocked.set(new Set([...blocked.get(), loginId]));
  void loadBlocked({ force: true });
  return null;
}
