/**
 * The ledger's invariants, checked by the tests after every step and by `npm run bench:ledger`:
 * per asset all balances sum to zero (double entry), every cached balance equals its journal,
 * no account but a source is negative.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './transfer.ts';

export interface LedgerReport {
  /** Per asset: luv or items that entered the system (minus the sources' balances). */
  issued: Record<string, number>;
  /** Per asset: the sum of every non-source balance. */
  held: Record<string, number>;
  problems: string[];
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (r as { rows?: Row[] }).rows ?? (r as Row[]);

export async function checkLedger(ex: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const accounts = rowsOf(
    await ex.execute(sql`
      select a.id, a.kind, a.asset, a.balance::text as balance,
        (coalesce((select sum(amount) from ledger_transfers where credit_account_id = a.id), 0)
         - coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id), 0))::text as journal
      from ledger_accounts a`),
  );
  const issued: Record<string, number> = {};
  const held: Record<string, number> = {};
  for (const a of accounts) {
    const balance = Number(a.balance);
    const asset = String(a.asset);
    if (balance !== Number(a.journal)) problems.push(`account ${a.id}: balance ${balance} ≠ journal ${a.journal}`);
    if (a.kind === 'issuance' || a.kind === 'payment_clearing') issued[asset] = (issued[asset] ?? 0) - balance;
    else {
      if (balance < 0) problems.push(`account ${a.id} (${a.kind}) is negative: ${balance}`);
      held[asset] = (held[asset] ?? 0) + balance;
    }
  }
  for (const asset of new Set([...Object.keys(issued), ...Object.keys(held)])) {
    if ((issued[asset] ?? 0) !== (held[asset] ?? 0))
      problems.push(`${asset}: issued ${issued[asset] ?? 0} ≠ held ${held[asset] ?? 0}`);
  }
  const mixed = rowsOf(
    await ex.execute(sql`
      select t.id from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where d.asset <> t.asset or c.asset <> t.asset limit 5`),
  );
  for (const m of mixed) problems.push(`transfer ${m.id} mixes assets`);
  return { issued, held, problems };
}
