/**
 * `$unreadMessages`: the number of unread private messages, for the header badge and the my page.
 * `refreshUnread()` asks the API (members only; guests stay at 0).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '../../lib/api-client.ts';
import { loadSession } from '../../stores/session.ts';

const unread = atom(0);
export const $unreadMessages: ReadableAtom<number> = unread;

export async function refreshUnread(): Promise<number> {
  const session = await loadSession();
  if (session.status !== 'member') {
    unread.set(0);
    return 0;
  }
  try {
    const res = await apiRequest<{ unread: number }>('/api/my/messages/unread-count', { silent: true });
    unread.set(res.unread);
  } catch {
    // Keep the last known count: the badge is a hint, not a source of truth.
  }
  return unread.get();
}

/** Sets the count from a list answer that already carries it. */
export function setUnread(count: number): void {
  unread.set(count);
}
