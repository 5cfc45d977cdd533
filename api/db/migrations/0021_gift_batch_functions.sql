-- The two statements of a gift batch (api/ledger/gift-sql.ts) as PL/pgSQL functions. A batch was
-- five statements, each parsed and planned anew: on PGlite that fixed cost was most of a batch's
-- time, whatever its size. It is now two calls whose inner statements are parsed and planned once
-- per session (force_generic_plan). A generic plan is made before it sees the tables' sizes (and
-- PGlite never analyzes them), so on a young database it would join by scanning idempotency_keys or
-- ledger_accounts whole, and keep doing so once they are large; with enable_seqscan off inside the
-- functions every lookup goes through its primary key whatever the tables hold (checked with
-- EXPLAIN of the generic plans on an empty database).
--
-- gift_prepare locks the accounts (id order, the ledger's one lock order), then reads the keys that
-- already hold an answer (after the locks, so it sees what a batch that held them committed) and
-- reserves a journal id for each key that does not.
CREATE FUNCTION gift_prepare(p_account_ids integer[], p_members integer[], p_keys text[])
RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  v_accounts json;
  v_keys json;
  v_found integer;
  v_ids json;
BEGIN
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
  SELECT coalesce(json_agg(json_build_object('memberId', k.member_id, 'key', k.key, 'requestHash', k.request_hash, 'status', k.status, 'response', k.response)), '[]'), count(*)
  INTO v_keys, v_found
  FROM idempotency_keys AS k
  JOIN unnest(p_members, p_keys) AS u(m, key) ON k.member_id = u.m AND k.key = u.key;
  SELECT coalesce(json_agg(nextval(pg_get_serial_sequence('ledger_transfers', 'id'))), '[]')
  INTO v_ids
  FROM generate_series(1, coalesce(array_length(p_keys, 1), 0) - v_found);
  RETURN json_build_object('accounts', v_accounts, 'keys', v_keys, 'transferIds', v_ids);
END $$;
--> statement-breakpoint
-- gift_write stores the first answer of each new key (a key another process stored meanwhile fails
-- the batch, whose gifts then go again one by one), appends the journal rows and sets the balances.
CREATE FUNCTION gift_write(
  p_key_members integer[], p_keys text[], p_hashes text[], p_statuses integer[], p_responses text[],
  p_transfer_ids bigint[], p_debits integer[], p_credits integer[], p_amounts bigint[], p_assets text[], p_codes text[],
  p_refs text[], p_channel_ids integer[], p_memos text[],
  p_account_ids integer[], p_balances bigint[]
) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  INSERT INTO idempotency_keys (member_id, key, request_hash, status, response)
  SELECT v.m, v.k, v.h, v.s, v.r::jsonb
  FROM unnest(p_key_members, p_keys, p_hashes, p_statuses, p_responses) AS v(m, k, h, s, r)
  ORDER BY v.m, v.k;
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, channel_id, memo)
  SELECT * FROM unnest(p_transfer_ids, p_debits, p_credits, p_amounts, p_assets, p_codes, p_refs, p_channel_ids, p_memos);
  UPDATE ledger_accounts AS a SET balance = v.b FROM unnest(p_account_ids, p_balances) AS v(i, b) WHERE a.id = v.i;
END $$;
