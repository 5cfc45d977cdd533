-- The two statements of a gift batch (api/ledger/gift-sql.ts) as PL/pgSQL functions. A batch was
-- five statements, each parsed and planned anew: on PGlite that fixed cost was most of a batch's
-- time, whatever its size. It is now two calls whose inner statements are parsed and planned once
-- per session (force_generic_plan). A generic plan is made before it sees the tables' sizes (and
-- PGlite never analyzes them), so on a young database it would join by scanning idempotency_keys or
-- ledger_accounts whole, and keep doing so once they are large; with enable_seqscan off inside the
-- functions every lookup goes through its primary key whatever the tables hold (checked with
-- EXPLAIN of the generic plans on an empty database).
--
-- gift_prepare claims the batch's keys first (one INSERT in (member, key) order, as every
-- key-taking operation claims its key before it locks accounts: a key another transaction claimed
-- and has not committed is waited for), handing out a journal id per key claimed now; then it locks
-- the accounts (id order, the ledger's one lock order) with the caps of each luv wallet's owner,
-- and reads the first answers of the keys that were already there.
CREATE FUNCTION gift_prepare(p_account_ids integer[], p_members integer[], p_keys text[], p_hashes text[])
RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  v_claimed json;
  v_accounts json;
  v_stored json;
BEGIN
  WITH claimed AS (
    INSERT INTO idempotency_keys AS k (member_id, key, request_hash, status, response)
    SELECT u.m, u.k, u.h, 0, '{}'::jsonb
    FROM unnest(p_members, p_keys, p_hashes) AS u(m, k, h)
    ORDER BY u.m, u.k
    ON CONFLICT DO NOTHING
    RETURNING k.member_id, k.key, nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS transfer_id
  )
  SELECT coalesce(json_agg(json_build_object('memberId', c.member_id, 'key', c.key, 'transferId', c.transfer_id)), '[]')
  INTO v_claimed
  FROM claimed AS c;
  SELECT coalesce(json_agg(json_build_object(
      'id', l.id, 'kind', l.kind, 'ownerId', l.owner_id, 'asset', l.asset, 'balance', l.balance, 'createdAt', l.created_at,
      'caps', CASE WHEN l.member_id IS NULL THEN NULL ELSE json_build_object(
        'memberId', l.member_id, 'dailyLuv', l.daily_luv, 'monthlyLuv', l.monthly_luv, 'pendingDailyLuv', l.pending_daily_luv,
        'pendingMonthlyLuv', l.pending_monthly_luv, 'pendingFrom', l.pending_from, 'updatedAt', l.updated_at) END)
      ORDER BY l.id), '[]')
  INTO v_accounts
  FROM (
    SELECT a.id, a.kind, a.owner_id, a.asset, a.balance, a.created_at,
      c.member_id, c.daily_luv, c.monthly_luv, c.pending_daily_luv, c.pending_monthly_luv, c.pending_from, c.updated_at
    FROM ledger_accounts AS a
    LEFT JOIN spending_caps AS c ON a.kind = 'wallet' AND a.asset = 'luv' AND c.member_id = a.owner_id
    WHERE a.id = ANY (p_account_ids)
    ORDER BY a.id
    FOR UPDATE OF a
  ) AS l;
  -- A committed key always holds its first answer (status > 0); the keys claimed above hold 0.
  SELECT coalesce(json_agg(json_build_object('memberId', k.member_id, 'key', k.key, 'requestHash', k.request_hash, 'status', k.status, 'response', k.response)), '[]')
  INTO v_stored
  FROM idempotency_keys AS k
  JOIN unnest(p_members, p_keys) AS u(m, key) ON k.member_id = u.m AND k.key = u.key
  WHERE k.status <> 0;
  RETURN json_build_object('claimed', v_claimed, 'accounts', v_accounts, 'stored', v_stored);
END $$;
--> statement-breakpoint
-- gift_write stores the first answer of each key claimed, appends the journal rows and sets the balances.
CREATE FUNCTION gift_write(
  p_key_members integer[], p_keys text[], p_statuses integer[], p_responses text[],
  p_transfer_ids bigint[], p_debits integer[], p_credits integer[], p_amounts bigint[], p_assets text[], p_codes text[],
  p_refs text[], p_channel_ids integer[], p_memos text[],
  p_account_ids integer[], p_balances bigint[]
) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  UPDATE idempotency_keys AS k SET status = v.s, response = v.r::jsonb
  FROM unnest(p_key_members, p_keys, p_statuses, p_responses) AS v(m, key, s, r)
  WHERE k.member_id = v.m AND k.key = v.key;
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, channel_id, memo)
  SELECT * FROM unnest(p_transfer_ids, p_debits, p_credits, p_amounts, p_assets, p_codes, p_refs, p_channel_ids, p_memos);
  UPDATE ledger_accounts AS a SET balance = v.b FROM unnest(p_account_ids, p_balances) AS v(i, b) WHERE a.id = v.i;
END $$;
