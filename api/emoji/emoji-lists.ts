/** The emoji lists (SPEC §9 limit 100): the set with a member's favourites first, and the search by type and title. */
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Emoji, EmojiSet } from '../../domain/answers/emoji.ts';
import { LIST_LIMIT_EMOJI } from '../../domain/limits.ts';
import type { Db } from '../db/client.ts';
import { emojiFavorites, emojis, members } from '../db/schema/index.ts';

const columns = { emojiId: emojis.id, code: emojis.code, title: emojis.title, glyph: emojis.glyph, type: emojis.type };

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

/** The emoji set (at most LIST_LIMIT_EMOJI), the favourites of the member `loginId` (when given) first. */
export async function emojiSetFor(db: Db, loginId: string | undefined): Promise<EmojiSet['list']> {
  const all = await db.select(columns).from(emojis).orderBy(asc(emojis.sort), asc(emojis.id)).limit(LIST_LIMIT_EMOJI);
  let favorites = new Set<number>();
  if (loginId) {
    const rows = await db
      .select({ emojiId: emojiFavorites.emojiId })
      .from(emojiFavorites)
      .innerJoin(members, eq(members.id, emojiFavorites.memberId))
      .where(eq(members.loginId, loginId));
    favorites = new Set(rows.map((r) => r.emojiId));
  }
  return all
    .map((e) => ({ ...e, favorite: favorites.has(e.emojiId) }))
    .sort((a, b) => Number(b.favorite) - Number(a.favorite));
}

/** A page of the emoji of `type` whose title contains `title` (either may be empty: no filter). */
export async function searchEmoji(
  db: Db,
  { offset, limit, type, title }: { offset: number; limit: number; type?: string; title?: string },
): Promise<Emoji[]> {
  const filters = [
    type ? eq(emojis.type, type) : undefined,
    title ? ilike(emojis.title, likePattern(title)) : undefined,
  ].filter((f) => f !== undefined);
  return db
    .select(columns)
    .from(emojis)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(emojis.sort), asc(emojis.id))
    .limit(limit)
    .offset(offset);
}
