/** Answers of items (`/api/shoppings/items*`, `/api/my/items`, `/api/my/item/*`; api/items/items-routes.ts). */
import * as v from 'valibot';
import { int } from './fields.ts';

/** A catalogue item (`itemView()`). */
export const catalogueItem = v.object({
  itemCode: int,
  prodName: v.string(),
  nameKo: v.string(),
  nameEn: v.string(),
  kind: v.string(),
  premium: v.boolean(),
  priceLuv: int,
  /** False for the catalogue-only kinds: never sold, never used. */
  usable: v.boolean(),
});
export type CatalogueItem = v.InferOutput<typeof catalogueItem>;

/** `GET /api/shoppings/items`: the catalogue with prices in luv. */
export const itemCatalogue = v.object({ items: v.array(catalogueItem) });
export type ItemCatalogue = v.InferOutput<typeof itemCatalogue>;

/** A line of `GET /api/my/items` (a `listPage()`): a catalogue item with the count held. */
export const heldItem = v.object({ ...catalogueItem.entries, count: int });
export type HeldItem = v.InferOutput<typeof heldItem>;

/** `POST /api/shoppings/items/purchase`: the items of that code held now, and the luv left. */
export const itemsBought = v.object({ itemCode: int, count: int, luv: int });
export type ItemsBought = v.InferOutput<typeof itemsBought>;
