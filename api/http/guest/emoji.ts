/**
 * Emoji (SPEC §7 guest calls, §9 limit 100): `GET /api/guest/show-emoji?loginId` (a member's
 * favorites first, then the basic set), `GET /api/guest/show-all-emoji?type&offset&limit&title&option`,
 * `POST /api/lives/change-favorite-emoticon { memberId, emojiId }` (toggles; the member is the
 * session's, a different memberId in the body is refused).
 */
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_EMOJI } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import { emojiFavorites, emojis, members } from '../../db/schema/index.ts';
import { requireMember } from '../session.ts';
import { page, parseId } from '../channels/streams-queries.ts';

const columns = { emojiId: emojis.id, code: emojis.code, title: emojis.title, glyph: emojis.glyph, type: emojis.type };

export const emojiGuest = new Hono<ApiEnv>();

emojiGuest.get('/show-emoji', async (c) => {
  const { db } = c.get('deps').database;
  const loginId = c.req.query('loginId') ?? '';
  if (loginId.length > 64) return c.json({ error: 'bad_request', error_msg: 'loginId is too long.' }, 400);
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
  const list = all.map((e) => ({ ...e, favorite: favorites.has(e.emojiId) })).sort((a, b) => Number(b.favorite) - Number(a.favorite));
  return c.json({ list });
});

emojiGuest.get('/show-all-emoji', async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_EMOJI, LIST_LIMIT_EMOJI);
  if (!paging) return c.json({ error: 'bad_request', error_msg: 'offset and limit must be small non-negative integers.' }, 400);
  const type = c.req.query('type');
  const title = c.req.query('title');
  if ((type && type.length > 32) || (title && title.length > 64)) return c.json({ error: 'bad_request', error_msg: 'type or title is too long.' }, 400);
  const filters = [type ? eq(emojis.type, type) : undefined, title ? ilike(emojis.title, `%${title.replace(/[%_\\]/g, (m) => `\\${m}`)}%`) : undefined].filter(
    (f) => f !== undefined,
  );
  const list = await c
    .get('deps')
    .database.db.select(columns)
    .from(emojis)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(emojis.sort), asc(emojis.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return c.json({ list });
});

export const emojiFavorite = new Hono<ApiEnv>();
emojiFavorite.post('/change-favorite-emoticon', requireMember(), async (c) => {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const emojiId = parseId(body?.emojiId === undefined ? undefined : String(body.emojiId));
  const member = c.get('member')!;
  if (!emojiId) return c.json({ error: 'bad_request', error_msg: 'emojiId is required.' }, 400);
  if (body?.memberId !== undefined && String(body.memberId) !== String(member.id) && body.memberId !== member.loginId) {
    return c.json({ error: 'forbidden', error_msg: 'You can only change your own favorites.' }, 403);
  }
  const { db } = c.get('deps').database;
  const [exists] = await db
    .select({ id: emojis.id })
    .from(emojis)
    .where(inArray(emojis.id, [emojiId]));
  if (!exists) return c.json({ error: 'emoji_not_found', error_msg: 'No such emoji.' }, 404);
  const mine = and(eq(emojiFavorites.memberId, member.id), eq(emojiFavorites.emojiId, emojiId));
  const [already] = await db.select({ id: emojiFavorites.emojiId }).from(emojiFavorites).where(mine);
  if (already) await db.delete(emojiFavorites).where(mine);
  else await db.insert(emojiFavorites).values({ memberId: member.id, emojiId }).onConflictDoNothing();
  return c.json({ ok: true, emojiId, favorite: !already });
});
