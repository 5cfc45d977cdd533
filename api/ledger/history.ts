/** Read models over the journal: received and sent gifts (luv or items), their sums and a daily series. */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './transfer.ts';
import { KST_OFFSET_MS } from './settings.ts';

type Row = Record<string, unknown>;
export const rowsOf = (r: unknown): Row[] => (r as { rows?: Row[] }).rows ?? (r as Row[]);

export interface GiftLine {
  transferId: number;
  channelId: number | null;
  /** The other side: the sender for received lists, the BJ for sent lists. */
  memberId: number;
  loginId: string;
  nickname: string;
  amount: number;
  itemCode: number | null;
  message: string | null;
  createdAt: string;
}

/**
 * Gifts received (side `received`: credited to the member's bj_received accounts) or sent (debited from their wallets).
 */
export async function giftLines(
  ex: Executor,
  memberId: number,
  side: 'received' | 'sent',
  assetKind: 'luv' | 'item',
  offset: number,
  limit: number,
  itemCode?: number,
): Promise<GiftLine[]> {
  const assetCond: SQL =
    assetKind === 'luv'
      ? sql`t.asset = 'luv'`
      : itemCode !== undefined
        ? sql`t.asset = ${`item:${itemCode}`}`
        : sql`t.asset like 'item:%'`;
  const mine =
    side === 'received'
      ? sql`c.kind = 'bj_received' and c.owner_id = ${memberId}`
      : sql`d.kind = 'wallet' and d.owner_id = ${memberId}`;
  const other = side === 'received' ? sql`d.owner_id` : sql`c.owner_id`;
  const rows = rowsOf(
    await ex.execute(sql`
      select t.id, t.channel_id, t.amount::text as amount, t.asset, t.memo, t.created_at, m.id as member_id, m.login_id, m.nickname
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      left join members m on m.id = ${other}
      where t.code in ('gift', 'item_use') and ${assetCond} and ${mine}
      order by t.id desc offset ${offset} limit ${limit}`),
  );
  return rows.map((r) => ({
    transferId: Number(r.id),
    channelId: r.channel_id === null ? null : Number(r.channel_id),
    memberId: Number(r.member_id),
    loginId: String(r.login_id ?? ''),
    nickname: String(r.nickname ?? ''),
    amount: Number(r.amount),
    itemCode: String(r.asset).startsWith('item:') ? Number(String(r.asset).slice(5)) : null,
    message: (r.memo as string | null) ?? null,
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}

/** Total and count of gifts on one side, optionally since an instant. */
export async function giftSum(
  ex: Executor,
  memberId: number,
  side: 'received' | 'sent',
  assetKind: 'luv' | 'item',
  since?: Date,
): Promise<{ total: number; count: number }> {
  const assetCond: SQL = assetKind === 'luv' ? sql`t.asset = 'luv'` : sql`t.asset like 'item:%'`;
  const mine =
    side === 'received'
      ? sql`c.kind = 'bj_received' and c.owner_id = ${memberId}`
      : sql`d.kind = 'wallet' and d.owner_id = ${memberId}`;
  const sinceCond = since ? sql`and t.created_at >= ${since.toISOString()}` : sql``;
  const [row] = rowsOf(
    await ex.execute(sql`
      select coalesce(sum(t.amount), 0)::text as total, count(*)::text as n
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where t.code in ('gift', 'item_use') and ${assetCond} and ${mine} ${sinceCond}`),
  );
  return { total: Number(row?.total ?? 0), count: Number(row?.n ?? 0) };
}

/** Received luv per Korean calendar day for the last `days` days (oldest first, zero days included). */
export async function receivedDaily(
  ex: Executor,
  memberId: number,
  days: number,
  now: Date,
): Promise<{ day: string; luv: number }[]> {
  const kstToday = new Date(now.getTime() + KST_OFFSET_MS);
  const start = new Date(
    Date.UTC(kstToday.getUTCFullYear(), kstToday.getUTCMonth(), kstToday.getUTCDate() - (days - 1)) - KST_OFFSET_MS,
  );
  const rows = rowsOf(
    await ex.execute(sql`
      select to_char(t.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, sum(t.amount)::text as luv
      from ledger_transfers t join ledger_accounts c on c.id = t.credit_account_id
      where t.code = 'gift' and t.asset = 'luv' and c.kind = 'bj_received' and c.owner_id = ${memberId} and t.created_at >= ${start.toISOString()}
      group by 1`),
  );
  const byDay = new Map(rows.map((r) => [String(r.day), Number(r.luv)]));
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(start.getTime() + KST_OFFSET_MS + i * 86_400_000).toISOString().slice(0, 10);
    return { day: d, luv: byDay.get(d) ?? 0 };
  });
}
