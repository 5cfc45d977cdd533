/** Signs a member in on this response: a new refresh family, an access token, both cookies. */
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { createSession, type NativeDeviceRecord } from '../auth/refresh-sessions.ts';
import { setAccessCookie, setRefreshCookie } from '../auth/session-cookies.ts';

export async function startSession(
  c: Context,
  db: Db,
  jwtSecret: string,
  memberId: number,
  loginKeep: boolean,
  device: string | null,
  nativeDevice: NativeDeviceRecord | null = null,
): Promise<string> {
  const { sessionId, refreshToken } = await createSession(db, memberId, loginKeep, device, new Date(), nativeDevice);
  setAccessCookie(c, await signAccessToken(memberId, sessionId, jwtSecret));
  setRefreshCookie(c, refreshToken, loginKeep);
  return sessionId;
}
