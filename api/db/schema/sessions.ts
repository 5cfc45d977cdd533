/**
 * Sign-in sessions (one per sign-in = one refresh-token family) and their rotating refresh tokens.
 * Refresh tokens are stored as SHA-256 hashes: a database leak gives no usable token.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    loginKeep: boolean('login_keep').notNull().default(false),
    device: text('device'),
    /** What the native app told about itself on a sign-in inside it (domain/schemas/signin.ts), else null. */
    nativeDevice: jsonb('native_device').$type<{
      appType: string | null;
      deviceId: string | null;
      os: string | null;
      appVersion: string | null;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the family (ASVS 10.4.8), whatever the rotations. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_member_idx').on(t.memberId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when this token was exchanged for its successor; a later use past the grace window is a reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Access tokens spent on a one-time sign-in link (`/redirects/signin?token=…`, a caster app's chat
 * dock): a token signs a browser in once. Kept (as a SHA-256 hash) until the token expires.
 */
export const tokenSignins = pgTable(
  'token_signins',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('token_signins_expires_idx').on(t.expiresAt)],
);
