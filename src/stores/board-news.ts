/**
 * "New post" markers of a channel's board (`GET /api/guest/find-new-board`): new means newer than
 * the newest post this browser saw on the board's list at the last visit. A board never visited
 * has nothing "new" on its list (everything would be); its link says so once there is a post.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { BoardNewsAnswer } from '../../domain/answers/boards.ts';
import { apiResult } from '../lib/api-client.ts';

const seenKey = (channelId: number) => `flx.board.seen.${channelId}`;

/** The newest post id seen on that board's list here; null: never visited (or storage is off). */
export function lastSeenBoard(channelId: number): number | null {
  try {
    const raw = localStorage.getItem(seenKey(channelId));
    return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  } catch {
    return null;
  }
}

function markSeen(channelId: number, boardId: number): void {
  try {
    if ((lastSeenBoard(channelId) ?? -1) < boardId) localStorage.setItem(seenKey(channelId), String(boardId));
  } catch {
    // Private mode without storage: the markers simply never show.
  }
}

export interface BoardNews {
  channelId: number | null;
  /** A post newer than the last visit exists. */
  hasNew: boolean;
  /** On the list: posts with a greater id are marked new; null marks none. */
  newAfter: number | null;
}

const state = map<BoardNews>({ channelId: null, hasNew: false, newAfter: null });
export const $boardNews: ReadableAtom<BoardNews> = state;

async function ask(channelId: number, seen: number | null) {
  return apiResult<BoardNewsAnswer>('/api/guest/find-new-board', {
    query: { channelId, lastBoardId: seen || '' },
    silent: true,
  });
}

/** For a link to the board (the channel page): whether it has a post the visitor has not seen. */
export async function checkBoardNews(channelId: number): Promise<void> {
  const seen = lastSeenBoard(channelId);
  state.set({ channelId, hasNew: false, newAfter: null });
  const r = await ask(channelId, seen);
  if (r.ok && state.get().channelId === channelId) state.setKey('hasNew', r.value.hasNew);
}

/** On the board's list: marks what is new since the last visit, then counts the board as seen up to its newest post. */
export async function visitBoard(channelId: number): Promise<void> {
  if (state.get().channelId === channelId && state.get().newAfter !== null) return;
  const seen = lastSeenBoard(channelId);
  const r = await ask(channelId, seen);
  if (!r.ok) return;
  state.set({ channelId, hasNew: r.value.hasNew, newAfter: seen !== null && r.value.hasNew ? seen : null });
  // An empty board is seen too (up to post 0): its first post will be new.
  markSeen(channelId, r.value.latestBoardId ?? 0);
}

/** Whether the list marks `boardId` new. */
export const isNewPost = (news: BoardNews, channelId: number, boardId: number): boolean =>
  news.channelId === channelId && news.newAfter !== null && boardId > news.newAfter;
