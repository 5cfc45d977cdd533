/**
 * Reads of single rows that arrive together, turned into one query per turn of the event loop (the
 * DataLoader pattern without its cache): every caller still reads after it asked, so nothing is
 * stale, and N requests arriving at once cost one statement instead of N. On PGlite, where every
 * statement is serialised and has a fixed cost, that is most of what a busy route pays.
 */
import type { Db } from './client.ts';

type Waiter<V> = { resolve(value: V | undefined): void; reject(err: unknown): void };

/** `read(db, keys)` answers the rows found for distinct `keys`; the result reads one key. */
export function coalescedRead<K extends string | number, V>(
  read: (db: Db, keys: K[]) => Promise<Map<K, V>>,
): (db: Db, key: K) => Promise<V | undefined> {
  // The batch of the current turn per database; it leaves the map when its query goes out.
  const pending = new Map<Db, Map<K, Waiter<V>[]>>();
  return (db, key) =>
    new Promise((resolve, reject) => {
      let batch = pending.get(db);
      if (!batch) {
        const mine = (batch = new Map<K, Waiter<V>[]>());
        pending.set(db, mine);
        setImmediate(() => {
          pending.delete(db);
          read(db, [...mine.keys()]).then(
            (found) => {
              for (const [k, waiters] of mine) for (const w of waiters) w.resolve(found.get(k));
            },
            (err: unknown) => {
              for (const waiters of mine.values()) for (const w of waiters) w.reject(err);
            },
          );
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
