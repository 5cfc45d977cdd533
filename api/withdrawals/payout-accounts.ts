/**
 * Where a withdrawal pays to: the member's payout bank account (set at /api/cs/accountChange), or
 * the fixed account of the embedded mode; and whether the member is a channel owner, who alone withdraws.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channels, payoutAccounts } from '../db/schema/index.ts';
import { fixedPayoutAccount, type BankAccount } from '../ledger/settings.ts';

/** All but the last four characters as `*`. */
export const maskAccount = (account: string) => account.replace(/.(?=.{4})/g, '*');

/** The bank account a withdrawal pays to, or the refusal's code. `embedded` uses the fixed account (SPEC §9). */
export async function payoutBank(
  db: Db,
  memberId: number,
  app: string | undefined,
): Promise<BankAccount | 'fixed_account_missing' | 'payout_account_missing'> {
  if (app === 'embedded') return fixedPayoutAccount() ?? 'fixed_account_missing';
  const [acct] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId));
  return acct
    ? { bankCode: acct.bankCode, bankAccount: acct.bankAccount, bankHolderName: acct.bankHolderName }
    : 'payout_account_missing';
}

export async function ownsChannel(db: Db, memberId: number): Promise<boolean> {
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, memberId));
  return Boolean(ch);
}

/** Sets the member's payout account, replacing an earlier one. */
export async function savePayoutAccount(
  db: Db,
  memberId: number,
  account: BankAccount & { phone: string },
  now: Date,
): Promise<void> {
  const values = { memberId, ...account, updatedAt: now };
  await db.insert(payoutAccounts).values(values).onConflictDoUpdate({ target: payoutAccounts.memberId, set: values });
}
