/** Test fixture for the home lists and likes: the real app on a fresh seeded database, requests as a demo member. */
import { eq } from 'drizzle-orm';
import { signAccessToken } from '../auth/access-token.ts';
import { channels, members } from '../db/schema/index.ts';
import { openTestApp } from './auth-test-app.ts';

/** Test bodies are checked with expect(); typing each shape here would only repeat the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** What an adult channel must never show a viewer without PI (seeded titles of adult01's channel). */
export const ADULT_TEXTS = ['성인 방송 (데모)', '성인 인증 후 시청 가능한 데모 방송'];

export async function homeTestApp() {
  const t = await openTestApp();
  const { db } = t.database;
  const idOf = async (loginId: string) => (await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId)))[0]!.id;
  const channelOf = async (loginId: string) =>
    (
      await db
        .select({ id: channels.id })
        .from(channels)
        .where(eq(channels.ownerId, await idOf(loginId)))
    )[0]!.id;
  const tokens = new Map<string, string>();
  async function call(
    as: string | null,
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Json; text: string }> {
    const headers: Record<string, string> = { ...init.headers };
    if (as) {
      if (!tokens.has(as)) tokens.set(as, await signAccessToken(await idOf(as), `home-${as}`, t.config.jwtSecret));
      headers.cookie = `flx_oauth_access=${tokens.get(as)}`;
    }
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, text };
  }
  return { ...t, idOf, channelOf, call, get: (path: string, as: string | null = null) => call(as, 'GET', path) };
}

/** A locked card: the adult channel is named (BJ, badge) but shows nothing of its broadcast. */
export const LOCKED = { locked: true, title: null, thumbnail: null, format: null } as const;
