/** Accounts (SPEC §3 sign-up payload, profile). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    loginId: text('login_id').notNull(),
    nickname: text('nickname').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    /** Member type code: P police, O operator, V member, J genie. */
    memberType: text('member_type').notNull().default('V'),
    /** Personally identity-verified (PI). */
    identityVerified: boolean('identity_verified').notNull().default(false),
    birthday: date('birthday'),
    gender: text('gender'),
    phone: text('phone'),
    countryCode: text('country_code'),
    blocked: boolean('blocked').notNull().default(false),
    recommendId: text('recommend_id'),
    partnerCode: text('partner_code'),
    /** Partner sign-up path (SPEC §2 asp_code + userkey). */
    aspCode: text('asp_code'),
    aspUserkey: text('asp_userkey'),
    device: text('device'),
    marketingAgreed: boolean('marketing_agreed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_login_id_idx').on(t.loginId),
    uniqueIndex('members_nickname_idx').on(t.nickname),
    check('members_member_type_chk', sql`${t.memberType} in ('P','O','V','J')`),
    check('members_gender_chk', sql`${t.gender} is null or ${t.gender} in ('M','F')`),
  ],
);
