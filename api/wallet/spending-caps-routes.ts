/** `GET | PUT /api/my/luv/spending-caps` {dailyLuv, monthlyLuv} (null = no limit); see api/ledger/caps.ts. */
import { Hono } from 'hono';
import { spendingCaps as spendingCapsSchema, type SpendingCaps } from '../../domain/answers/wallet.ts';
import { spendingCapsBody } from '../../domain/schemas/spending-caps.ts';
import type { ApiEnv } from '../app-env.ts';
import { setSpendingCaps, spendingCapsOf } from './spending-caps.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

const ANSWER = {
  description: '{ dailyLuv, monthlyLuv, pending: { dailyLuv, monthlyLuv, from } | null, raiseDelayMs }',
  schema: spendingCapsSchema,
};

export const spendingCaps = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'luv',
      summary: 'My daily and monthly spending caps, and a looser pair waiting to apply',
      responses: { 200: ANSWER },
    }),
    requireMember(),
    async (c) => c.json((await spendingCapsOf(c.get('deps').database.db, me(c).id, new Date())) satisfies SpendingCaps),
  )
  .put(
    '/',
    doc({
      tag: 'luv',
      summary: 'Sets my spending caps: a stricter value applies at once, a looser one (or none) after raiseDelayMs',
      description:
        'Caps count luv spent (gifts, item purchases) and, separately, luv bought, per Korean calendar day and month.',
      responses: { 200: ANSWER },
    }),
    requireMember(),
    body(spendingCapsBody, { invalid: 'invalid_caps', notObject: 'invalid_caps' }),
    async (c) => {
      const wish = c.req.valid('json');
      const memberId = me(c).id;
      const caps = await setSpendingCaps(c.get('deps').database.db, memberId, wish, new Date());
      return c.json(caps satisfies SpendingCaps);
    },
  );
