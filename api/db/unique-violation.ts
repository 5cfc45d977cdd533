/**
 * Recognises a PostgreSQL unique violation (SQLSTATE 23505) from either driver, through Drizzle's
 * wrapper, and names the index it hit: concurrent sign-ups race on the unique index, not on a read.
 */
interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth += 1) {
    const pg = e as PgLikeError;
    if (pg.code === '23505') {
      if (typeof pg.constraint === 'string') return pg.constraint;
      const text = `${String(pg.detail ?? '')} ${String(pg.message ?? '')}`;
      return /"([a-z0-9_]+)"/.exec(text)?.[1] ?? 'unknown';
    }
    e = pg.cause;
  }
  return null;
}
