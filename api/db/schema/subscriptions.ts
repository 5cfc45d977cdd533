/** Channel subscriptions (SPEC §4 statuses and renewal events, §9 prices). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    channelId: integer('channel_id').notNull(),
    /** monthly (renews), 1month, 3months. */
    plan: text('plan').notNull(),
    priceWon: integer('price_won').notNull(),
    /** 1 subscribed, 2 unsubscribed, 3 expired, 4 unused, 5 renewal cancelled. */
    status: integer('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_member_channel_idx').on(t.memberId, t.channelId),
    check('subscriptions_status_chk', sql`${t.status} in (1, 2, 3, 4, 5)`),
  ],
);

/** One row per charged period: the unique index is what makes a renewal run twice charge once. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** The payment of the latest charge attempt; a timed-out attempt is retried under the same id. */
    paymentId: text('payment_id'),
    /** Charge attempts so far (a declined charge is tried again once a day during the grace period). */
    attempt: integer('attempt').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_periods_unique_idx').on(t.subscriptionId, t.periodStart)],
);

/** Renewal events: 1 renewal, 2 renewal cancelled, 3 payment renewal failed. */
export const subscriptionEvents = pgTable('subscription_events', {
  id: serial('id').primaryKey(),
  subscriptionId: integer('subscription_id').notNull(),
  event: integer('event').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
