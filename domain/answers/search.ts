/** Answers of discovery (api/search/): the header's search and the browse page's categories. */
import * as v from 'valibot';
import { int } from './fields.ts';
import { localized } from './home.ts';
import { streamCard } from './channels.ts';

/**
 * `GET /api/search?q`: channels whose BJ's nickname or channel name matches (with their live when on air),
 * and the lives on air whose title, nickname or channel name matches, most viewers first.
 */
export const searchResults = v.object({
  /** The query as searched (trimmed); '' answers empty lists. */
  query: v.string(),
  channels: v.array(streamCard),
  lives: v.array(streamCard),
});
export type SearchResults = v.InferOutput<typeof searchResults>;

/** A broadcast theme of domain/enums.ts with the number of channels live in it now. */
export const categoryCount = v.object({ themeId: int, code: v.string(), name: localized, liveCount: int });
export type CategoryCount = v.InferOutput<typeof categoryCount>;

/** `GET /api/search/categories`: every broadcast theme in the registry's order, and the lives on air in all. */
export const categoryCounts = v.object({ list: v.array(categoryCount), total: int });
export type CategoryCounts = v.InferOutput<typeof categoryCounts>;
