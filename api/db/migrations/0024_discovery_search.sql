-- Search by nickname, channel name and live title (api/search/): trigram indexes serve ILIKE '%q%', and
-- hangul_initials() gives the initial consonants ("달맞이" → "ㄷㅁㅇ") that a query like "ㄷㅁ" matches.
-- The initials are an expression of the stored text, so every writer of a name or a title keeps them current.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hangul_initials(s text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE WHEN ascii(ch) BETWEEN 44032 AND 55203
    THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(ch) - 44032) / 588 + 1, 1)
    ELSE lower(ch) END, '' ORDER BY n), '')
  FROM regexp_split_to_table(s, '') WITH ORDINALITY AS t(ch, n)
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_nickname_trgm_idx ON members USING gin (lower(nickname) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_nickname_initials_idx ON members USING gin (hangul_initials(nickname) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS channels_title_trgm_idx ON channels USING gin (lower(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS channels_title_initials_idx ON channels USING gin (hangul_initials(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS streams_live_title_trgm_idx ON streams USING gin (lower(title) gin_trgm_ops)
  WHERE type = 1 AND ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS streams_live_title_initials_idx ON streams USING gin (hangul_initials(title) gin_trgm_ops)
  WHERE type = 1 AND ended_at IS NULL;
