/**
 * `GET /api/my/sessions`: the caller's signed-in devices (the sessions not revoked or expired),
 * newest first, with what a sign-in inside the native app told about the device. Session ids stay
 * on the server: `current` marks the one making this request.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { authSessions } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';

/** How many sessions the list shows. */
const SESSION_LIST_MAX = 50;

export const mySessions = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: "The caller's signed-in devices, newest first",
    responses: { 200: '{ list: [{ current, device, nativeDevice: { appType, deviceId, os, appVersion } | null, loginKeep, createdAt }] }' },
  }),
  requireMember(),
  async (c) => {
    const member = me(c);
    const rows = await c
      .get('deps')
      .database.db.select()
      .from(authSessions)
      .where(and(eq(authSessions.memberId, member.id), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())))
      .orderBy(desc(authSessions.createdAt))
      .limit(SESSION_LIST_MAX);
    return c.json({
      list: rows.map((s) => ({
        current: s.id === member.sessionId,
        device: s.device,
        nativeDevice: s.nativeDevice ?? null,
        loginKeep: s.loginKeep,
        createdAt: s.createdAt.toISOString(),
      })),
    });
  },
);
