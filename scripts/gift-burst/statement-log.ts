/**
 * Counts the API's PGlite statements by text and prints the most frequent at exit (stderr):
 * `GIFT_BURST_NODE_ARGS="--import ./scripts/gift-burst/statement-log.ts" npm run bench:gift-burst -- --via api --db
 * pglite`.
 * STATEMENT_LOG_DELAY_MS (default 4000) skips the start (migrations, seed). Times include the wait
 * for PGlite's one connection, so they show where statements queue, not only what they cost.
 */
import { PGlite } from '@electric-sql/pglite';

type Run = (text: string, ...rest: unknown[]) => Promise<unknown>;
const counts = new Map<string, { n: number; ms: number }>();
let on = false;
setTimeout(() => (on = true), Number(process.env.STATEMENT_LOG_DELAY_MS ?? 4000)).unref();

function counted(label: string, run: Run): Run {
  return async (text, ...rest) => {
    const start = performance.now();
    try {
      return await run(text, ...rest);
    } finally {
      if (on) {
        const key = `${label} ${String(text).replace(/\s+/g, ' ').trim().slice(0, 120)}`;
        const entry = counts.get(key) ?? { n: 0, ms: 0 };
        entry.n++;
        entry.ms += performance.now() - start;
        counts.set(key, entry);
      }
    }
  };
}

const proto = PGlite.prototype as unknown as {
  query: Run;
  transaction: (fn: (tx: { query: Run }) => Promise<unknown>) => Promise<unknown>;
};
const query = proto.query;
proto.query = function (this: PGlite, ...args) {
  return counted('query', query.bind(this))(...args);
};
const transaction = proto.transaction;
proto.transaction = function (this: PGlite, fn) {
  return transaction.call(this, (tx) => {
    tx.query = counted('tx', tx.query.bind(tx));
    return fn(tx);
  });
};

process.on('exit', () => {
  console.error('[statements] count, total ms, statement');
  for (const [key, { n, ms }] of [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, 40)) {
    console.error(`${String(n).padStart(7)} ${ms.toFixed(0).padStart(7)} ${key}`);
  }
});
