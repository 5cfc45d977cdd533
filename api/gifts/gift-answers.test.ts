import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../domain/errors.ts';
import { LUV, itemAsset, itemCodeOf } from '../ledger/accounts.ts';
import type { GiftInput } from '../ledger/gift.ts';
import { giftAnswer } from './gift-answers.ts';

const luvGift: GiftInput = { fromMemberId: 1, toMemberId: 2, channelId: 7, asset: LUV, amount: 30, message: '' };
const itemGift: GiftInput = { ...luvGift, asset: itemAsset(442), amount: 2 };

describe('giftAnswer', () => {
  it('answers a luv gift with its balance as luv too, an item gift with its item code', () => {
    expect(giftAnswer(luvGift, { ok: true, transferId: 5, balance: 70 })).toEqual({
      status: 200,
      body: { transferId: 5, channelId: 7, amount: 30, itemCode: null, balance: 70, luv: 70 },
    });
    expect(giftAnswer(itemGift, { ok: true, transferId: 6, balance: 3 })).toEqual({
      status: 200,
      body: { transferId: 6, channelId: 7, amount: 2, itemCode: 442, balance: 3 },
    });
  });

  it('refuses from the catalogue; an item gift short of items is insufficient_items', () => {
    const short = { ok: false, code: 'insufficient_funds' } as const;
    expect(giftAnswer(luvGift, short)).toEqual({
      status: API_ERRORS.insufficient_funds.status,
      body: { error: 'insufficient_funds' },
    });
    expect(giftAnswer(itemGift, short)).toEqual({
      status: API_ERRORS.insufficient_items.status,
      body: { error: 'insufficient_items' },
    });
  });
});

describe('itemCodeOf', () => {
  it('reads itemAsset() back, null for luv, and refuses an asset the ledger does not know', () => {
    expect(itemCodeOf(itemAsset(100))).toBe(100);
    expect(itemCodeOf(LUV)).toBeNull();
    expect(() => itemCodeOf('item:')).toThrow();
  });
});
