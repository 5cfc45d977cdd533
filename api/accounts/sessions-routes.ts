/**
 * `GET /api/my/sessions`: the caller's signed-in devices (the sessions not revoked or expired),
 * newest first, with what a sign-in inside the native app told about the device. Session ids stay
 * on the server: `current` marks the one making this request.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';
import { listSessions } from './sessions.ts';

export const mySessions = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: "The caller's signed-in devices, newest first",
    responses: {
      200:
        '{ list: [{ current, device, nativeDevice: { appType, deviceId, os, appVersion } | null, loginKeep, ' +
        'createdAt }] }',
    },
  }),
  requireMember(),
  async (c) => {
    const member = me(c);
    return c.json({ list: await listSessions(c.get('deps').database.db, member.id, member.sessionId) });
  },
);
