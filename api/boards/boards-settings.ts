/**
 * A board's settings: who may write (everyone or the channel owner) and whether comments are
 * open, and what a viewer may do under them.
 */
import type { BoardSetting, BoardSettingSaved } from '../../domain/answers/boards.ts';
import type { Db } from '../db/client.ts';
import { boardSettings } from '../db/schema/index.ts';
import { boardSetting, channelOwner, type BoardSetting as Setting } from './boards-access.ts';

/** The channel's board settings and what `viewerId` (null: signed out) may do on the board. */
export async function settingCheck(
  db: Db,
  channelId: number,
  viewerId: number | null,
): Promise<{ ok: true; setting: BoardSetting } | { ok: false; code: 'channel_not_found' }> {
  const ownerId = await channelOwner(db, channelId);
  if (ownerId === null) return { ok: false, code: 'channel_not_found' };
  const setting = await boardSetting(db, channelId);
  const isOwner = viewerId === ownerId;
  return {
    ok: true,
    setting: {
      channelId,
      ...setting,
      isOwner,
      canWrite: viewerId !== null && (isOwner || setting.writePermission === 'all'),
      canComment: viewerId !== null && setting.commentsEnabled,
    },
  };
}

/** Saves the channel's board settings. */
export async function saveSetting(db: Db, channelId: number, input: Setting): Promise<BoardSettingSaved> {
  await db
    .insert(boardSettings)
    .values({ channelId, ...input })
    .onConflictDoUpdate({ target: boardSettings.channelId, set: input });
  return { channelId, ...input };
}
