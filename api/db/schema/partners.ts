/** Partner attribution (SPEC §2 partnerCode, appkey/pinkey): what the edge registered, append-only. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const partnerVisits = pgTable(
  'partner_visits',
  {
    id: serial('id').primaryKey(),
    /** `partner` (a partnerCode) or `pincrux` (an appkey/pinkey pair). */
    kind: text('kind').notNull(),
    partnerCode: text('partner_code'),
    appkey: text('appkey'),
    pinkey: text('pinkey'),
    brand: text('brand').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('partner_visits_kind_chk', sql`${t.kind} in ('partner','pincrux')`),
    index('partner_visits_code_idx').on(t.partnerCode),
  ],
);
