import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bigint, date, integer, interval, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installDrizzleParsers } from './pglite-parsers.ts';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local'),
  day: date('day'),
  span: interval('span'),
  big: bigint('big', { mode: 'number' }),
  doc: jsonb('doc'),
  tags: text('tags').array(),
});

let plain: PGlite;
let lean: PGlite;
beforeAll(async () => {
  [plain, lean] = [new PGlite('memory://'), new PGlite('memory://')];
  await lean.waitReady;
  installDrizzleParsers(lean);
  for (const client of [plain, lean]) {
    await client.exec(`create table things (id int primary key, at timestamptz, local timestamp, day date, span interval, big bigint, doc jsonb, tags text[]);
      insert into things values (1, '2026-11-24 12:34:56.789+09', '2026-11-24 01:02:03', '2026-11-24', '1 day 02:00', 9007199254740991, '{"a":[1,2]}', '{x,y}'),
        (2, null, null, null, null, null, null, null);`);
  }
});
afterAll(async () => {
  await plain.close();
  await lean.close();
});

it('answers drizzle exactly as without it: builder selects, raw SQL, arrays and nulls, in and out of transactions', async () => {
  const read = async (client: PGlite) => {
    const db = drizzle({ client });
    return {
      rows: await db.select().from(things).orderBy(things.id),
      raw: await db.execute(
        sql`select at, day, span, now() - now() as zero, array[now()::date] as days from things order by id`,
      ),
      inTx: await db.transaction(async (tx) =>
        tx.select({ at: things.at, day: things.day }).from(things).orderBy(things.id),
      ),
    };
  };
  const [a, b] = [await read(plain), await read(lean)];
  expect(b.rows).toEqual(a.rows);
  expect(b.rows[0]!.at).toBeInstanceOf(Date);
  expect(b.raw.rows).toEqual(a.raw.rows);
  expect(b.inTx).toEqual(a.inTx);
});

it('leaves a query that brings its own other parsers untouched', async () => {
  const upper = { 25: (v: string) => v.toUpperCase() };
  const r = await lean.query<{ t: string }>("select 'abc'::text as t", [], { parsers: upper });
  expect(r.rows).toEqual([{ t: 'ABC' }]);
});
