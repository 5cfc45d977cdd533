/** Help guides of customer service, searched by a case-insensitive substring of the title. */
import { count, desc, ilike } from 'drizzle-orm';
import type { GuidePage } from '../../domain/answers/cs.ts';
import type { Db } from '../db/client.ts';
import { guides } from '../db/schema/index.ts';

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A page of the guides whose title holds `title` ('' for all), newest first. */
export async function listGuides(db: Db, title: string, page: { offset: number; limit: number }): Promise<GuidePage> {
  const where = title ? ilike(guides.title, `%${escapeLike(title)}%`) : undefined;
  const rows = await db
    .select()
    .from(guides)
    .where(where)
    .orderBy(desc(guides.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(guides).where(where);
  const list = rows.map((r) => ({
    guideId: r.id,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, ...page, title };
}
