/** `GET | PUT /api/my/luv/spending-caps` {dailyLuv, monthlyLuv} (null = no limit); see api/ledger/caps.ts. */
import { Hono } from 'hono';
import { SPENDING_CAP_RAISE_DELAY_MS } from '../../domain/limits.ts';
import { spendingCapsBody } from '../../domain/schemas/spending-caps.ts';
import type { ApiEnv } from '../app-env.ts';
import { readCaps, writeCaps } from '../ledger/caps.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

const ANSWER = '{ dailyLuv, monthlyLuv, pending: { dailyLuv, monthlyLuv, from } | null, raiseDelayMs }';

export const spendingCaps = new Hono<ApiEnv>()
  .get(
    '/',
    doc({ tag: 'luv', summary: 'My daily and monthly spending caps, and a looser pair waiting to apply', responses: { 200: ANSWER } }),
    requireMember(),
    async (c) => c.json({ ...(await readCaps(c.get('deps').database.db, me(c).id, new Date())), raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS }),
  )
  .put(
    '/',
    doc({
      tag: 'luv',
      summary: 'Sets my spending caps: a stricter value applies at once, a looser one (or none) after raiseDelayMs',
      description: 'Caps count luv spent (gifts, item purchases) and, separately, luv bought, per Korean calendar day and month.',
      responses: { 200: ANSWER },
    }),
    requireMember(),
    body(spendingCapsBody, { invalid: 'invalid_caps', notObject: 'invalid_caps' }),
    async (c) => {
      const wish = c.req.valid('json');
      const memberId = me(c).id;
      const view = await c.get('deps').database.db.transaction((tx) => writeCaps(tx, memberId, wish, new Date()));
      return c.json({ ...view, raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS });
    },
  );
