/**
 * Demo of a password-protected live (access rules): bj0003's channel is live on the local
 * looping HLS stream behind the password 1234, so a viewer meets the password form and live-Auth.
 * Idempotent like seed.ts.
 */
import type { Db } from './client.ts';
import { seedDemoLive } from './seed-demo-live.ts';

export const PASSWORD_LIVE_LOGIN_ID = 'bj0003';
export const PASSWORD_LIVE_PASSWORD = '1234';

export async function seedPasswordLive(db: Db): Promise<void> {
  await seedDemoLive(db, {
    loginId: PASSWORD_LIVE_LOGIN_ID,
    channelTitle: '비밀번호 방송 데모',
    title: '비밀번호 방송 데모 — 비밀번호 1234',
    format: 'hls',
    viewCount: 12,
    password: PASSWORD_LIVE_PASSWORD,
  });
}
