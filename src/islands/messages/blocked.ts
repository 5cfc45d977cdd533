/**
 * `$blockedLoginIds`: the login IDs the signed-in member has blocked, so any island (the chat list)
 * can hide their lines. `loadBlocked()` fetches once per page; `isBlockedLoginId()` checks one ID.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '../../lib/api-client.ts';
import { loadSession } from '../../stores/session.ts';

const blocked = atom<ReadonlySet<string>>(new Set());
export const $blockedLoginIds: ReadableAtom<ReadonlySet<string>> = blocked;

let loading: Promise<ReadonlySet<string>> | null = null;

export function loadBlocked({ force = false } = {}): Promise<ReadonlySet<string>> {
  if (loading && !force) return loading;
  loading = (async () => {
    const session = await loadSession();
    if (session.status !== 'member') return blocked.get();
    try {
      const res = await apiRequest<{ loginIds: string[] }>('/api/my/blacklist/ids', { silent: true });
      blocked.set(new Set(res.loginIds));
    } catch {
      // Showing a blocked member's line is the safe failure here; the server still refuses their messages.
    }
    return blocked.get();
  })();
  return loading;
}

export function isBlockedLoginId(loginId: string): boolean {
  return blocked.get().has(loginId);
}
