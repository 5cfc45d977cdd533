/** `GET | PUT /api/my/luv/spending-caps` {dailyLuv, monthlyLuv} (null = no limit); see ledger/caps.ts. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { readCaps, writeCaps } from '../../ledger/caps.ts';
import { SPENDING_CAP_MAX_LUV, SPENDING_CAP_RAISE_DELAY_MS } from '../../ledger/settings.ts';
import { fail, readObject, memberOnce } from './luv-http.ts';

export const spendingCapsRoutes = new Hono<ApiEnv>();
spendingCapsRoutes.use('*', memberOnce());

const capValue = (v: unknown): number | null | undefined =>
  v === null ? null : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= SPENDING_CAP_MAX_LUV ? v : undefined;

spendingCapsRoutes.get('/', async (c) =>
  c.json({ ...(await readCaps(c.get('deps').database.db, c.get('member')!.id, new Date())), raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS }),
);

spendingCapsRoutes.put('/', async (c) => {
  const body = await readObject(c);
  const dailyLuv = capValue(body?.dailyLuv);
  const monthlyLuv = capValue(body?.monthlyLuv);
  if (dailyLuv === undefined || monthlyLuv === undefined)
    return fail(c, 400, 'invalid_caps', `dailyLuv and monthlyLuv must each be null or a whole number from 0 to ${SPENDING_CAP_MAX_LUV}.`);
  const db = c.get('deps').database.db;
  const memberId = c.get('member')!.id;
  const view = await db.transaction((tx) => writeCaps(tx, memberId, { dailyLuv, monthlyLuv }, new Date()));
  return c.json({ ...view, raiseDelayMs: SPENDING_CAP_RAISE_DELAY_MS });
});
