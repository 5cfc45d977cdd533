import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { GIFT_AMOUNT_MAX_LUV, GIFT_CONFIRM_THRESHOLD_LUV } from '../../domain/limits.ts';
import { giftAmount as giftAmountRule, needsConfirmation } from '../../domain/schemas/gift.ts';
import { fakeApi, refusal } from '../testing/fake-api.ts';

// Fresh stores for every test: module state is the page's state.
async function fresh() {
  vi.resetModules();
  return import('./luv.ts');
}

const SEND = 'POST /api/lives/send-luv';
const key = (c: { headers: Headers }) => c.headers.get('idempotency-key');

beforeEach(() => void vi.unstubAllGlobals());

describe('the gift dialog and the page balance', () => {
  it('openGift() from any island opens the dialog for that channel and reads the one page balance', async () => {
    fakeApi({ 'GET /api/my/luv/luv-sum': { body: { luv: 5000 } } });
    const luv = await fresh();
    luv.openGift({ channelId: 7, nickname: '데모BJ' });
    expect(luv.$gift.get()).toMatchObject({ target: { channelId: 7, nickname: '데모BJ' }, opened: 1 });
    await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(5000));
    luv.openGift({ channelId: 7, nickname: '데모BJ' });
    expect(luv.$gift.get().opened).toBe(2);
  });

  it('asks twice at or above the threshold, then sends with confirmations and takes the new balance', async () => {
    const api = fakeApi({
      'GET /api/my/luv/luv-sum': { body: { luv: 50_000 } },
      [SEND]: { body: { transferId: 1, luv: 40_000 } },
    });
    const luv = await fresh();
    luv.openGift({ channelId: 7, nickname: '데모BJ' });
    luv.editGift({ amount: String(GIFT_CONFIRM_THRESHOLD_LUV), message: ' 응원해요 ' });
    await luv.sendGift();
    await luv.sendGift();
    expect(luv.$gift.get().confirmations).toBe(2);
    expect(api.callsTo(SEND)).toHaveLength(0);
    await luv.sendGift();
    expect(api.callsTo(SEND)[0]!.body).toEqual({ channelId: 7, amount: 10_000, message: '응원해요', confirmations: 2 });
    expect(luv.$luvBalance.get()).toBe(40_000);
    expect(luv.$gift.get()).toMatchObject({
      sent: 10_000,
      amount: '',
      message: '',
      confirmations: 0,
      busy: false,
      failure: null,
    });
  });

  it('another amount asks for the confirmations again; a small gift needs none', async () => {
    fakeApi({ [SEND]: { body: { transferId: 1, luv: 1 } } });
    const luv = await fresh();
    luv.openGift({ channelId: 7, nickname: '데모BJ' });
    luv.editGift({ amount: '20000' });
    await luv.sendGift();
    luv.editGift({ message: 'hi' });
    expect(luv.$gift.get().confirmations).toBe(1);
    luv.editGift({ amount: '30000' });
    expect(luv.$gift.get().confirmations).toBe(0);
    expect(luv.giftAmount('12')).toEqual({ n: 12, valid: true, needs: 0 });
    expect(luv.giftAmount('1.5').valid).toBe(false);
    expect(luv.giftAmount('0').valid).toBe(false);
  });

  it('the dialog agrees with the API’s gift schema at every edge', async () => {
    const luv = await fresh();
    for (const n of [
      0,
      1,
      GIFT_CONFIRM_THRESHOLD_LUV - 1,
      GIFT_CONFIRM_THRESHOLD_LUV,
      GIFT_AMOUNT_MAX_LUV,
      GIFT_AMOUNT_MAX_LUV + 1,
    ]) {
      expect(luv.giftAmount(String(n))).toEqual({
        n,
        valid: v.is(giftAmountRule, n),
        needs: needsConfirmation(n) ? 2 : 0,
      });
    }
  });

  it('keeps the Idempotency-Key across a network failure, and takes a new one after a refusal', async () => {
    const api = fakeApi({ [SEND]: 'network' });
    const luv = await fresh();
    luv.openGift({ channelId: 7, nickname: '데모BJ' });
    luv.editGift({ amount: '100' });
    await luv.sendGift();
    expect(luv.$gift.get().failure).toEqual({ status: 0, code: 'network', message: '' });
    api.answer(SEND, refusal(409, 'insufficient_funds', '러브 잔액이 부족합니다.'));
    await luv.sendGift();
    expect(luv.$gift.get().failure).toEqual({
      status: 409,
      code: 'insufficient_funds',
      message: '러브 잔액이 부족합니다.',
    });
    await luv.sendGift();
    const [first, retry, after] = api.callsTo(SEND).map(key);
    expect(retry).toBe(first);
    expect(after).not.toBe(first);
  });
});
