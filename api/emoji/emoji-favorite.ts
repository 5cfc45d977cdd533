/** A member's favourite emoji (the guest lists show them first, ./emoji-lists.ts). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emojiFavorites, emojis } from '../db/schema/index.ts';

/** Makes `emojiId` a favourite of the member, or no longer one; whether it is one now. */
export async function toggleFavoriteEmoji(
  db: Db,
  memberId: number,
  emojiId: number,
): Promise<{ ok: true; favorite: boolean } | { ok: false; code: 'emoji_not_found' }> {
  const [exists] = await db.select({ id: emojis.id }).from(emojis).where(eq(emojis.id, emojiId));
  if (!exists) return { ok: false, code: 'emoji_not_found' };
  const mine = and(eq(emojiFavorites.memberId, memberId), eq(emojiFavorites.emojiId, emojiId));
  const [already] = await db.select({ id: emojiFavorites.emojiId }).from(emojiFavorites).where(mine);
  if (already) await db.delete(emojiFavorites).where(mine);
  else await db.insert(emojiFavorites).values({ memberId, emojiId }).onConflictDoNothing();
  return { ok: true, favorite: !already };
}
