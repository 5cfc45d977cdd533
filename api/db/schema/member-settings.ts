/** Profile settings (SPEC §3 profile) and linked social logins, one row per member / per provider. */
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const memberSettings = pgTable('member_settings', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  isView: boolean('is_view').notNull().default(true),
  isVibes: boolean('is_vibes').notNull().default(true),
  /** Spelled as the spec spells it. */
  isSponser: boolean('is_sponser').notNull().default(true),
  memberSortCode: integer('member_sort_code').notNull().default(0),
  isBigFan: boolean('is_big_fan').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text('provider').notNull(),
    /** The provider's stable user id. */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('social_accounts_member_provider_idx').on(t.memberId, t.provider),
  ],
);

/** One row: platform switches behind the channel settings (SPEC §3, §6). */
export const authSettings = pgTable('auth_settings', {
  id: integer('id').primaryKey().default(1),
  broadcast: boolean('broadcast').notNull().default(true),
  /** Whether broadcasters may mark their channel adult / adult-plus at all. */
  adultBroadcast: boolean('adult_broadcast').notNull().default(true),
  adultPlusBroadcast: boolean('adult_plus_broadcast').notNull().default(true),
  isSnsLoginKakao: boolean('is_sns_login_kakao').notNull().default(true),
  isSnsLoginNaver: boolean('is_sns_login_naver').notNull().default(true),
  isSnsLoginGoogle: boolean('is_sns_login_google').notNull().default(true),
  isSnsLoginTwitch: boolean('is_sns_login_twitch').notNull().default(true),
});
