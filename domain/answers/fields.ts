/**
 * Pieces the answer shapes share: whole numbers, instants and pages. An answer schema describes
 * what the API sends; the site imports only the types (`import type`), so no schema reaches a bundle.
 */
import * as v from 'valibot';

/** A whole number (ids, luv, won, counts). */
export const int = v.pipe(v.number(), v.safeInteger());

/** An instant as `Date.toISOString()` writes it. */
export const instant = v.pipe(v.string(), v.isoTimestamp());

/** A page of a list read by `offset&limit` (api/http/luv-lists.ts `listPage()`). */
export function listPage<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ list: v.array(item), offset: int, limit: int });
}

/** The type of a `listPage()` answer. */
export interface ListPage<T> {
  list: T[];
  offset: number;
  limit: number;
}
