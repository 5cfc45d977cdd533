/**
 * BJ withdrawals: payout preview, withdraw {amount} (received → pending), list, waiting, cancel;
 * the bank list and the payout-account change (only after identity verification); settlement by
 * an operator (member type O) or, outside production, the development simulator.
 */
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { channels, payoutAccounts, withdrawals } from '../../db/schema/index.ts';
import { parseAmount } from '../../ledger/amount.ts';
import { payoutPreview } from '../../ledger/payout.ts';
import { BANKS, PAYOUT_RATE_WON_PER_LUV, WITHDRAW_MAX_LUV, WITHDRAW_MIN_LUV, fixedPayoutAccount } from '../../ledger/settings.ts';
import { holdWithdrawal, settleLocked, settleWithdrawal, withdrawalAccounts, withdrawalView } from '../../ledger/withdrawal-flow.ts';
import { fail, idempotent, parseId, readObject, type Ctx, memberOnce } from './luv-http.ts';
import { listPage } from './luv-lists.ts';

/** The bank account a withdrawal pays to, or a refusal. `?app=embedded` uses the fixed account (SPEC §9). */
export async function payoutBank(c: Ctx) {
  if (c.req.query('app') === 'embedded') {
    const fixed = fixedPayoutAccount();
    return fixed ?? fail(c, 409, 'fixed_account_missing', 'The fixed payout account of this mode is not configured.');
  }
  const [acct] = await c
    .get('deps')
    .database.db.select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.memberId, c.get('member')!.id));
  return acct
    ? { bankCode: acct.bankCode, bankAccount: acct.bankAccount, bankHolderName: acct.bankHolderName }
    : fail(c, 409, 'payout_account_missing', 'Register a payout bank account first.');
}

export async function ownsChannel(c: Ctx): Promise<boolean> {
  const [ch] = await c
    .get('deps')
    .database.db.select({ id: channels.id })
    .from(channels)
    .where(eq(channels.ownerId, c.get('member')!.id));
  return Boolean(ch);
}

export const withdraw = new Hono<ApiEnv>();
withdraw.use('*', memberOnce());

withdraw.get('/payout-preview', (c) => {
  const amount = parseAmount(Number(c.req.query('amount')), WITHDRAW_MAX_LUV);
  if (amount === null || !/^\d+$/.test(c.req.query('amount') ?? ''))
    return fail(c, 400, 'invalid_amount', `amount must be a whole number of luv up to ${WITHDRAW_MAX_LUV}.`);
  return c.json({ ...payoutPreview(amount), minimumLuv: WITHDRAW_MIN_LUV });
});

withdraw.post('/withdraw', async (c) => {
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  const amount = parseAmount(body.amount, WITHDRAW_MAX_LUV);
  if (amount === null) return fail(c, 400, 'invalid_amount', `amount must be a whole number of luv up to ${WITHDRAW_MAX_LUV}.`);
  if (amount < WITHDRAW_MIN_LUV) return fail(c, 400, 'below_minimum', `Withdrawals start at ${WITHDRAW_MIN_LUV} luv.`);
  if (!(await ownsChannel(c))) return fail(c, 403, 'not_broadcaster', 'Only broadcasters can withdraw luv.');
  const bank = await payoutBank(c);
  if (bank instanceof Response) return bank;
  const member = c.get('member')!;
  const accounts = await withdrawalAccounts(c.get('deps').database.db, member.id);
  return idempotent(c, 'withdraw', { amount, app: c.req.query('app') ?? null }, (tx) =>
    holdWithdrawal(tx, accounts, { memberId: member.id, amount, kind: 'withdraw', rateWonPerLuv: PAYOUT_RATE_WON_PER_LUV, bank }),
  );
});

withdraw.get('/withdraw-list', (c) =>
  listPage(c, async (db, offset, limit) =>
    (
      await db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.memberId, c.get('member')!.id))
        .orderBy(desc(withdrawals.id))
        .offset(offset)
        .limit(limit)
    ).map(withdrawalView),
  ),
);

withdraw.get('/waiting', async (c) => {
  const rows = await c
    .get('deps')
    .database.db.select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, c.get('member')!.id), eq(withdrawals.status, 'pending')))
    .orderBy(desc(withdrawals.id));
  return c.json({ list: rows.map(withdrawalView), luv: rows.reduce((s, w) => s + w.amount, 0) });
});

withdraw.post('/withdraw-cancel', async (c) => {
  const body = await readObject(c);
  const id = typeof body?.withdrawId === 'number' ? parseId(String(body.withdrawId)) : null;
  if (id === null) return fail(c, 400, 'invalid_withdrawal', 'withdrawId must be a withdrawal number.');
  const member = c.get('member')!;
  const db = c.get('deps').database.db;
  const [w] = await db.select({ memberId: withdrawals.memberId }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!w || w.memberId !== member.id) return fail(c, 404, 'withdrawal_not_found', 'No such withdrawal.');
  const accounts = await withdrawalAccounts(db, member.id);
  return idempotent(c, 'withdraw-cancel', { withdrawId: id }, (tx) => settleLocked(tx, accounts, id, 'cancel'));
});

export const banks = new Hono<ApiEnv>();
banks.get('/banks', memberOnce(), (c) => c.json({ list: BANKS.map((b) => ({ bankCode: b.bankCode, name: b.ko, nameEn: b.en })) }));

export const accountChange = new Hono<ApiEnv>();

accountChange.post('/accountChange', memberOnce(), async (c) => {
  const member = c.get('member')!;
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  if (body.memberId !== undefined && body.memberId !== member.id && body.memberId !== member.loginId)
    return fail(c, 403, 'forbidden', 'You can change only your own payout account.');
  if (!member.identityVerified) return fail(c, 403, 'identity_verification_required', 'Verify your identity before changing the payout account.');
  const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : '');
  const phone = text(body.phone).replace(/-/g, '');
  const bankCode = text(body.bankCode);
  const bankAccount = text(body.bankAccount).replace(/-/g, '');
  const bankHolderName = typeof body.bankHolderName === 'string' ? body.bankHolderName.trim() : '';
  if (!/^01\d{8,9}$/.test(phone)) return fail(c, 400, 'invalid_phone', 'phone must be a Korean mobile number.');
  if (!BANKS.some((b) => b.bankCode === bankCode)) return fail(c, 400, 'invalid_bank', 'bankCode must be one of the bank list.');
  if (!/^\d{8,20}$/.test(bankAccount)) return fail(c, 400, 'invalid_account', 'bankAccount must be 8 to 20 digits.');
  if (bankHolderName.length < 1 || bankHolderName.length > 30) return fail(c, 400, 'invalid_holder', 'bankHolderName must be 1 to 30 characters.');
  const values = { memberId: member.id, phone, bankCode, bankAccount, bankHolderName, updatedAt: new Date() };
  await c.get('deps').database.db.insert(payoutAccounts).values(values).onConflictDoUpdate({ target: payoutAccounts.memberId, set: values });
  return c.json({ ok: true, bankCode, bankHolderName, bankAccount: bankAccount.replace(/.(?=.{4})/g, '*') });
});

/** Settlement: operators in every environment; anyone signed in through /api/dev outside production. */
export const withdrawSettlement = new Hono<ApiEnv>();
withdrawSettlement.post('/:id/:action{approve|fail}', memberOnce(), async (c) => {
  const dev = new URL(c.req.url).pathname.startsWith('/api/dev/');
  if (dev ? c.get('deps').config.platformEnv === 'production' : c.get('member')!.memberType !== 'O')
    return fail(c, dev ? 404 : 403, dev ? 'not_found' : 'forbidden', dev ? 'No such API endpoint.' : 'Operators only.');
  const id = parseId(c.req.param('id'));
  if (id === null) return fail(c, 400, 'invalid_withdrawal', 'The id must be a withdrawal number.');
  const result = await settleWithdrawal(c.get('deps').database.db, id, c.req.param('action') as 'approve' | 'fail', null);
  return c.json(result.body, result.status as 200);
});
