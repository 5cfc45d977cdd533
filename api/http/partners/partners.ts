/**
 * Partner attribution the edge registers for signed-out visitors (docs/ARCHITECTURE.md "partner
 * codes"): `POST /api/partners {partnerCode}` and `GET /api/guest/pincrux?appkey=&pinkey=`.
 * Both only record the visit; the code itself travels with sign-up as `pcode`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { isBrandId } from '../../../domain/brands.ts';
import type { ApiEnv } from '../../app-env.ts';
import { partnerVisits } from '../../db/schema/index.ts';
import { badInput, parseBody, validate } from '../account/auth-input.ts';

/** Codes and keys are short tokens; anything else is refused rather than stored. */
const token = (name: string) =>
  v.pipe(v.string(`${name} is required.`), v.trim(), v.regex(/^[A-Za-z0-9_.-]{1,64}$/, `${name} must be 1 to 64 letters, digits, dot, dash or underscore.`));
const partnerSchema = v.object({ partnerCode: token('partnerCode') });
const pincruxSchema = v.object({ appkey: token('appkey'), pinkey: token('pinkey') });

export const partners = new Hono<ApiEnv>();
export const pincrux = new Hono<ApiEnv>();

const brandOf = (header: string | undefined) => (header && isBrandId(header) ? header : 'main');

partners.post('/', async (c) => {
  const parsed = await parseBody(c, partnerSchema);
  if (!parsed.ok) return badInput(c, parsed);
  await c
    .get('deps')
    .database.db.insert(partnerVisits)
    .values({ kind: 'partner', partnerCode: parsed.data.partnerCode, brand: brandOf(c.req.header('x-brand')) });
  return c.json({ ok: true });
});

pincrux.get('/', async (c) => {
  const parsed = validate(pincruxSchema, { appkey: c.req.query('appkey'), pinkey: c.req.query('pinkey') });
  if (!parsed.ok) return badInput(c, parsed);
  await c
    .get('deps')
    .database.db.insert(partnerVisits)
    .values({ kind: 'pincrux', appkey: parsed.data.appkey, pinkey: parsed.data.pinkey, brand: brandOf(c.req.header('x-brand')) });
  return c.json({ ok: true });
});
