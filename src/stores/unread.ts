/**
 * The number of unread private messages, for the header badge and the my page: apart from the
 * messages page's store (messages.ts) so that the badge, on every page, stays small.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { UnreadCount } from '../../domain/answers/messages.ts';
import { apiResult } from '../lib/api-client.ts';
import { loadSession } from './session.ts';

const unread = atom(0);
/** The number of unread messages (0 for guests). */
export const $unreadMessages: ReadableAtom<number> = unread;

export async function refreshUnread(): Promise<number> {
  const session = await loadSession();
  if (session.status !== 'member') {
    unread.set(0);
    return 0;
  }
  const r = await apiResult<UnreadCount>('/api/my/messages/unread-count', { silent: true });
  // On failure the last known count stays: the badge is a hint, not a source of truth.
  if (r.ok) unread.set(r.value.unread);
  return unread.get();
}

/** Sets the count from an answer that already carries it (a list, the my page summary). */
export function setUnread(count: number): void {
  unread.set(count);
}
