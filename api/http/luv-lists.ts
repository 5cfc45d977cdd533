/**
 * Paging of the money lists: `offset` and `limit` (SPEC §9 default list limit for items: 10), answered as `{ list,
 * offset, limit }`.
 */
import * as v from 'valibot';
import { LIST_LIMIT_ITEMS } from '../../domain/limits.ts';
import { paging, query } from './request.ts';

/** The query validator of a money list; a bad offset or limit answers `invalid_paging`. */
export const pageQuery = () => query(v.object({ ...paging(LIST_LIMIT_ITEMS) }), { invalid: 'invalid_paging' });

export const listPage = <T>(list: T[], page: { offset: number; limit: number }) => ({
  list,
  offset: page.offset,
  limit: page.limit,
});
