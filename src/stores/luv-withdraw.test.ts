import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return import('./luv-withdraw.ts');
}

const preview = (luv: number) => ({
  luv,
  rateWonPerLuv: 100,
  grossWon: luv * 100,
  feeWon: 0,
  taxWon: 0,
  netWon: luv * 100,
  minimumLuv: 100,
});
const withdrawal = {
  withdrawId: 9,
  kind: 'luv',
  amount: 1000,
  status: 'pending',
  grossWon: 0,
  feeWon: 0,
  taxWon: 0,
  netWon: 0,
  bankAccount: '****',
  createdAt: '',
};

beforeEach(() => void vi.unstubAllGlobals());

describe('withdrawals', () => {
  it('previews only whole amounts of at least 1, and drops an answer for an amount no longer typed', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const api = fakeApi();
    api.answer('GET /api/my/luv/payout-preview', async (c) => {
      const amount = Number(c.query.get('amount'));
      if (amount === 1000) await held;
      return { body: preview(amount) };
    });
    const w = await fresh();
    await w.previewPayout('1.5');
    expect(api.calls).toHaveLength(0);
    const slow = w.previewPayout('1000');
    await w.previewPayout('2000');
    release();
    await slow;
    expect(w.$withdraw.get().preview?.luv).toBe(2000);
    await w.previewPayout('');
    expect(w.$withdraw.get().preview).toBeNull();
  });

  it('a withdrawal retried after a network failure keeps its key; after the answer the list is read again', async () => {
    const api = fakeApi({
      'POST /api/my/luv/withdraw': 'network',
      'GET /api/my/luv/received': { body: { luv: 0, pending: 1000 } },
      'GET /api/my/luv/withdraw-list': { body: { list: [withdrawal], offset: 0, limit: 20 } },
    });
    const w = await fresh();
    expect(await w.requestWithdrawal(1000)).toBe(false);
    expect(w.$withdraw.get()).toMatchObject({ busy: false, failure: { status: 0 } });
    api.answer('POST /api/my/luv/withdraw', { body: { withdrawal } });
    expect(await w.requestWithdrawal(1000)).toBe(true);
    expect(w.$withdraw.get()).toMatchObject({ held: { luv: 0, pending: 1000 }, list: [withdrawal], failure: null });
    api.answer('POST /api/my/luv/withdraw', refusal(400, 'below_minimum'));
    expect(await w.requestWithdrawal(1000)).toBe(false);
    const [first, retry, next] = api.callsTo('POST /api/my/luv/withdraw').map((c) => c.headers.get('idempotency-key'));
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(w.$withdraw.get().failure?.code).toBe('below_minimum');
  });

  it('cancelling uses the fixed key of that withdrawal and reads the list again', async () => {
    const api = fakeApi({
      'POST /api/my/luv/withdraw-cancel': { body: { withdrawal: { ...withdrawal, status: 'cancelled' } } },
      'GET /api/my/luv/received': { body: { luv: 1000, pending: 0 } },
      'GET /api/my/luv/withdraw-list': {
        body: { list: [{ ...withdrawal, status: 'cancelled' }], offset: 0, limit: 20 },
      },
    });
    const w = await fresh();
    await w.cancelWithdrawal(9);
    expect(api.calls[0]!.headers.get('idempotency-key')).toBe('cancel-9');
    expect(w.$withdraw.get().list[0]!.status).toBe('cancelled');
  });

  it('saves the payout account without spaces and shows the masked number, or the refusal', async () => {
    const api = fakeApi({
      'GET /api/my/banks': { body: { list: [{ bankCode: '004', name: '국민', nameEn: 'KB' }] } },
      'POST /api/cs/accountChange': { body: { ok: true, bankAccount: '********9012' } },
    });
    const w = await fresh();
    await w.loadBanks();
    expect(w.$payoutAccount.get().banks).toHaveLength(1);
    await w.savePayoutAccount({
      phone: '010 1234 5678',
      bankCode: '004',
      bankHolderName: '김비제',
      bankAccount: '1234 5678 9012',
    });
    expect(api.callsTo('POST /api/cs/accountChange')[0]!.body).toEqual({
      phone: '01012345678',
      bankCode: '004',
      bankHolderName: '김비제',
      bankAccount: '123456789012',
    });
    expect(w.$payoutAccount.get()).toMatchObject({ saved: '********9012', failure: null });
    api.answer('POST /api/cs/accountChange', refusal(400, 'invalid_account', '계좌번호를 확인해 주세요.'));
    await w.savePayoutAccount({ phone: '01012345678', bankCode: '004', bankHolderName: '김비제', bankAccount: '1' });
    expect(w.$payoutAccount.get()).toMatchObject({ saved: null, failure: { message: '계좌번호를 확인해 주세요.' } });
  });
});
