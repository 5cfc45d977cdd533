/**
 * Demo data for development (DESIGN "demo data"): idempotent, so every start may run it.
 * All demo accounts share the password DEMO_PASSWORD.
 */
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { seedAccountExtras } from './seed-accounts.ts';
import { seedDemoStreams } from './seed-streams.ts';
import { seedIvsDemo } from './seed-ivs.ts';
import { seedPasswordLive } from './seed-password-live.ts';
import { seedLedger } from '../ledger/seed.ts';
import { channels, members, serviceStatus, streams } from './schema/index.ts';
import { DEMO_STREAM_URL, DEMO_THUMBNAIL } from './seed-streams.ts';

export const DEMO_PASSWORD = 'demo1234!';

export const DEMO_ACCOUNTS = [
  { loginId: 'viewer01', nickname: '시청자01', role: 'viewer' },
  { loginId: 'viewer02', nickname: '시청자02', role: 'viewer' },
  { loginId: 'adult01', nickname: '성인인증01', role: 'identity-verified viewer' },
  { loginId: 'bj0001', nickname: '데모BJ', role: 'BJ with a live channel' },
  { loginId: 'bj0002', nickname: 'IVS데모BJ', role: 'BJ with a live channel in the ivs format (IVS web player)' },
  { loginId: 'bj0003', nickname: '비밀방BJ', role: 'BJ with a password-protected live (password 1234)' },
  { loginId: 'blocked01', nickname: '차단계정', role: 'blocked account (sign-in answers 423)' },
  {
    loginId: 'op0001',
    nickname: '운영자01',
    role: 'operator: decides channel applications (POST /api/my/chennel-register/{loginId}/decision)',
  },
] as const;

export async function seedDemoData(db: Db): Promise<void> {
  await db.insert(serviceStatus).values({ id: 1, mode: 'normal' }).onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insert(members)
      .values({
        loginId: account.loginId,
        nickname: account.nickname,
        passwordHash,
        identityVerified: account.loginId === 'adult01' || account.loginId === 'bj0001',
        birthday: account.loginId === 'adult01' || account.loginId === 'bj0001' ? '1990-01-01' : null,
        blocked: account.loginId === 'blocked01',
        ...(account.loginId === 'op0001' ? { memberType: 'O' } : {}),
        device: 'PCWEB',
      })
      .onConflictDoNothing();
  }
  await seedAccountExtras(db);
  const [bj] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, 'bj0001'));
  if (bj)
    await db
      .insert(channels)
      .values({ ownerId: bj.id, title: '데모 라이브 방송', broadcasting: true })
      .onConflictDoNothing();
  await seedDemoStreams(db);
  await seedIvsDemo(db);
  await seedPasswordLive(db);
  await seedDemoThemes(db);
  await seedPastBroadcasts(db);
  await seedLedger(db);
}

/** Broadcast themes of the demo channels (ids of BROADCAST_THEMES: 1 talk, 2 games, 3 music); a chosen one is kept. */
const DEMO_THEMES = [
  { loginId: 'bj0001', themeId: 2 },
  { loginId: 'bj0002', themeId: 3 },
  { loginId: 'adult01', themeId: 1 },
] as const;

async function seedDemoThemes(db: Db): Promise<void> {
  const byLogin = sql.join(
    DEMO_THEMES.map((t) => sql`when ${t.loginId} then ${t.themeId}::int`),
    sql` `,
  );
  // One statement over every row, in scan order: an UPDATE writes new row versions, and updating
  // only some channels would move them behind the rest, changing the order of unordered reads.
  await db.execute(
    sql`update ${channels} set theme_id = coalesce(theme_id, (select case ${members.loginId} ${byLogin} end from ${members} where ${members.id} = ${channels.ownerId}))`,
  );
}

/** More past broadcasts than one page of the home VOD list holds (§9: 20), so it pages on scroll. */
export const DEMO_PAST_BROADCASTS = 24;

async function seedPastBroadcasts(db: Db): Promise<void> {
  const [ch] = await db
    .select({ id: channels.id })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.loginId, 'bj0002'));
  if (!ch) return;
  const [seeded] = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.channelId, ch.id), eq(streams.type, 2)));
  if (seeded) return;
  const day = 86_400_000;
  const now = Date.now();
  await db.insert(streams).values(
    Array.from({ length: DEMO_PAST_BROADCASTS }, (_, i) => ({
      channelId: ch.id,
      type: 2,
      format: 'hls',
      url: DEMO_STREAM_URL,
      title: `IVS 데모 지난 방송 #${DEMO_PAST_BROADCASTS - i}`,
      thumbnail: DEMO_THUMBNAIL,
      durationS: 8,
      viewCount: 10 + i,
      startedAt: new Date(now - (i + 2) * day),
      endedAt: new Date(now - (i + 2) * day + 8000),
    })),
  );
}

/** The channel of a demo BJ (bj0001's by default: the live most tests gift to and chat in). */
export async function demoChannelId(db: Db, loginId = 'bj0001'): Promise<number> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.loginId, loginId));
  if (!row) throw new Error(`no demo channel for ${loginId}`);
  return row.id;
}
