/**
 * Demo of the `ivs` stream format (player): bj0002's channel is live on the same local
 * looping HLS stream as bj0001's, marked `ivs`, so the site plays it through the Amazon IVS web
 * player. Idempotent like seed.ts.
 */
import type { Db } from './client.ts';
import { seedDemoLive } from './seed-demo-live.ts';

export const IVS_DEMO_LOGIN_ID = 'bj0002';

export async function seedIvsDemo(db: Db): Promise<void> {
  await seedDemoLive(db, {
    loginId: IVS_DEMO_LOGIN_ID,
    channelTitle: 'IVS 플레이어 데모 방송',
    title: 'IVS 플레이어 데모 — 테스트 패턴',
    format: 'ivs',
    viewCount: 40,
  });
}
