/**
 * The one Postgres schema, shared by PGlite and PostgreSQL, one file per area.
 * After a change: `npm run db:generate` (drizzle-kit writes api/db/migrations/).
 */
export * from './members.ts';
export * from './channels.ts';
export * from './service-status.ts';
export * from './messages.ts';
export * from './blacklist.ts';
export * from './cs.ts';
export * from './boards.ts';
export * from './channel-notices.ts';
export * from './streams.ts';
export * from './chat.ts';
export * from './chat-rules.ts';
export * from './channel-roles.ts';
export * from './emoji.ts';
export * from './ledger.ts';
export * from './payments.ts';
export * from './items.ts';
export * from './subscriptions.ts';
export * from './withdrawals.ts';
export * from './sessions.ts';
export * from './member-settings.ts';
export * from './verifications.ts';
export * from './partners.ts';
export * from './likes.ts';
export * from './rate-limits.ts';
export * from './ingest.ts';
export * from './clips.ts';
