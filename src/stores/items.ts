/**
 * Items on a channel's live page and on My items (SPEC §3 item codes, docs/LEDGER.md "Item kinds"):
 * the catalogue, the items the member holds, buying items with luv and using them in the channel
 * (a gift of items the chat announces to the room). Buying and using carry the Idempotency-Key of
 * their intent, kept across a retry after a network failure.
 */
import { computed, map, type ReadableAtom } from 'nanostores';
import { ITEM_COUNT_MAX } from '../../domain/limits.ts';
import type { Locale } from '../../domain/locales.ts';
import type { CatalogueItem, HeldItem, ItemCatalogue, ItemsBought } from '../../domain/answers/items.ts';
import type { GiftSent } from '../../domain/answers/gifts.ts';
import type { ListPage } from '../../domain/answers/fields.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { intentKey, loadBalance, setBalance } from './luv.ts';

/** The item code of lex, named by the brand's item currency (SPEC §1). */
export const LEX_ITEM_CODE = 100;

export type { CatalogueItem, HeldItem } from '../../domain/answers/items.ts';

/** What the member just did, for the status line. */
export type ItemDone = { action: 'bought' | 'used'; itemCode: number; count: number };

export interface ItemsState {
  /** Null until read. */
  catalogue: CatalogueItem[] | null;
  /** Null until read (and for a guest). */
  held: HeldItem[] | null;
  /** Why the catalogue or the holdings could not be read. */
  loadFailure: ApiFailure | null;
  busy: boolean;
  /** Why the last purchase or use was refused. */
  failure: ApiFailure | null;
  done: ItemDone | null;
  shopOpen: boolean;
  /** The page's language and the brand's name of lex, for item names. */
  locale: Locale;
  lexName: string;
}

const items = map<ItemsState>({
  catalogue: null,
  held: null,
  loadFailure: null,
  busy: false,
  failure: null,
  done: null,
  shopOpen: false,
  locale: 'ko',
  lexName: '',
});
export const $items: ReadableAtom<ItemsState> = items;

/** Item names by code in the page's language (the chat names the items of its gift lines with it). */
export const $itemNames = computed(items, (s): ReadonlyMap<number, string> => {
  const names = new Map<number, string>();
  for (const i of s.catalogue ?? [])
    names.set(
      i.itemCode,
      i.itemCode === LEX_ITEM_CODE && s.lexName ? s.lexName : s.locale === 'ko' ? i.nameKo : i.nameEn,
    );
  return names;
});

/** The name of `itemCode` in the page's language; the code itself while the catalogue is unknown. */
export function itemName(names: ReadonlyMap<number, string>, itemCode: number): string {
  return names.get(itemCode) ?? String(itemCode);
}

/** The items the shop sells: every kind but the catalogue-only ones. */
export const $shopItems = computed(items, (s) => (s.catalogue ?? []).filter((i) => i.usable));

/** Whether `text` is a count the API takes (whole, 1 to ITEM_COUNT_MAX) and that count. */
export function itemCount(text: string): { n: number; valid: boolean } {
  const n = Number(text);
  return { n, valid: /^\d+$/.test(text) && n >= 1 && n <= ITEM_COUNT_MAX };
}

/** Reads the catalogue (anyone may); `lexName` is the brand's name of item 100. */
export async function loadItemCatalogue(locale: Locale, lexName: string): Promise<void> {
  items.set({ ...items.get(), locale, lexName });
  const r = await apiResult<ItemCatalogue>('/api/shoppings/items');
  if (r.ok) items.setKey('catalogue', r.value.items);
  else items.setKey('loadFailure', r.failure);
}

/** Reads what the member holds (every code at once: the catalogue is small). */
export async function loadHeldItems(): Promise<void> {
  items.setKey('loadFailure', null);
  const r = await apiResult<ListPage<HeldItem>>('/api/my/items', { query: { offset: 0, limit: 100 } });
  if (r.ok) items.setKey('held', r.value.list);
  else items.setKey('loadFailure', r.failure);
}

/** Opens the shop dialog and reads the luv balance it shows. */
export function openItemShop(): void {
  items.set({ ...items.get(), shopOpen: true, failure: null, done: null });
  void loadBalance();
}

export function closeItemShop(): void {
  items.set({ ...items.get(), shopOpen: false, failure: null, done: null });
}

function setHeld(itemCode: number, count: number): void {
  const s = items.get();
  const rest = (s.held ?? []).filter((h) => h.itemCode !== itemCode);
  const item = s.catalogue?.find((i) => i.itemCode === itemCode) ?? s.held?.find((h) => h.itemCode === itemCode);
  const next = count > 0 && item ? [...rest, { ...item, count }] : rest;
  items.setKey(
    'held',
    next.sort((a, b) => a.itemCode - b.itemCode),
  );
}

const buyKey = intentKey();
const useKey = intentKey();

/** Buys `count` items of `itemCode` with luv; true when bought (the balance and the tray follow). */
export async function buyItem(itemCode: number, count: number): Promise<boolean> {
  if (items.get().busy) return false;
  items.set({ ...items.get(), busy: true, failure: null, done: null });
  const body = { itemCode, count };
  const r = await apiResult<ItemsBought>('/api/shoppings/items/purchase', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': buyKey.for(body) },
    silent: true,
  });
  if (r.ok || r.failure.status !== 0) buyKey.settle();
  if (!r.ok) {
    items.set({ ...items.get(), busy: false, failure: r.failure });
    return false;
  }
  setBalance(r.value.luv);
  setHeld(itemCode, r.value.count);
  items.set({ ...items.get(), busy: false, done: { action: 'bought', itemCode, count } });
  return true;
}

/** Uses `count` items of `itemCode` in `channelId` (a gift to its BJ, announced in its chat); true when used. */
export async function useItemIn(channelId: number, itemCode: number, count: number, message: string): Promise<boolean> {
  if (items.get().busy) return false;
  items.set({ ...items.get(), busy: true, failure: null, done: null });
  const body = { channelId, count, message: message.trim() };
  const r = await apiResult<GiftSent>(`/api/my/item/${itemCode}/use`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': useKey.for({ itemCode, ...body }) },
    silent: true,
  });
  if (r.ok || r.failure.status !== 0) useKey.settle();
  if (!r.ok) {
    items.set({ ...items.get(), busy: false, failure: r.failure });
    return false;
  }
  setHeld(itemCode, r.value.balance);
  items.set({ ...items.get(), busy: false, done: { action: 'used', itemCode, count } });
  return true;
}
