/** Paging of the money lists: `offset` and `limit` query values (SPEC §9 default list limit for items: 10). */
import type { Db } from '../../db/client.ts';
import { LIST_LIMIT_ITEMS } from '../../../domain/limits.ts';
import type { Ctx } from './luv-http.ts';

export const LIST_LIMIT_MAX = 100;

export function paging(c: Ctx, defaultLimit = LIST_LIMIT_ITEMS): { offset: number; limit: number } | null {
  const o = c.req.query('offset');
  const l = c.req.query('limit');
  const offset = o === undefined || o === '' ? 0 : Number(o);
  const limit = l === undefined || l === '' ? defaultLimit : Number(l);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > 1_000_000) return null;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) return null;
  return { offset, limit };
}

export async function listPage<T>(c: Ctx, load: (db: Db, offset: number, limit: number) => Promise<T[]>, defaultLimit?: number) {
  const page = paging(c, defaultLimit);
  if (!page) return c.json({ error: 'invalid_paging', error_msg: `offset must be 0 or more and limit 1 to ${LIST_LIMIT_MAX}.` }, 400);
  const list = await load(c.get('deps').database.db, page.offset, page.limit);
  return c.json({ list, offset: page.offset, limit: page.limit });
}
