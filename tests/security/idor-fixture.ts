/**
 * The whole API (api/app.ts createApp) on one seeded test database, uploads in a temporary folder,
 * and a signed-in caller per demo account: the IDOR and upload sweeps attack every route at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestApp, type TestApp } from '../../api/testing/auth-test-app.ts';
import { callerAs, type Caller } from '../../api/testing/cs-test-app.ts';
import { createDiskStorage } from '../../api/storage/disk-storage.ts';

export interface ApiFixture extends TestApp {
  ids: Record<string, number>;
  bjChannelId: number;
  uploadsDir: string;
  as(loginId: string | null): Caller;
}

export async function openApiFixture(): Promise<ApiFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'sec-uploads-'));
  const uploadsDir = join(dir, 'uploads');
  const t = await openTestApp({ PLATFORM_ENV: 'test' }, { storage: createDiskStorage(uploadsDir) });
  const db = t.database.db;
  const ids = Object.fromEntries((await db.select({ id: members.id, loginId: members.loginId }).from(members)).map((m) => [m.loginId, m.id]));
  const [channel] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, ids.bj0001!));
  const tokens = new Map<string, string>();
  for (const [loginId, id] of Object.entries(ids)) tokens.set(loginId, await signAccessToken(id, `s-${loginId}`, t.config.jwtSecret));
  return {
    ...t,
    ids,
    bjChannelId: channel!.id,
    uploadsDir,
    as: callerAs(t.app, tokens, { 'x-forwarded-for': '127.0.0.1' }),
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
