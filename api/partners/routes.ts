/**
 * Partner attribution the edge registers for signed-out visitors (docs/ARCHITECTURE.md "partner
 * codes"): `POST /api/partners {partnerCode}`. It only records the visit; the code itself travels
 * with sign-up as `pcode`. Its pincrux twin, `GET /api/guest/pincrux`, is ./pincrux-routes.ts.
 */
import { Hono } from 'hono';
import { partnerBody } from '../../domain/schemas/partners.ts';
import type { ApiEnv } from '../app-env.ts';
import { requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body } from '../http/request.ts';
import { recordPartnerVisit } from './visits.ts';
import { pincrux } from './pincrux-routes.ts';

const partners = new Hono<ApiEnv>().post(
  '/api/partners',
  doc({
    tag: 'partners',
    summary: 'Records a visit with a partner code (the worker calls it for signed-out visitors)',
    responses: { 200: '{ ok: true }' },
  }),
  body(partnerBody),
  async (c) => {
    const { partnerCode } = c.req.valid('json');
    await recordPartnerVisit(c.get('deps').database.db, {
      kind: 'partner',
      partnerCode,
      brand: requestBrand(c)?.id ?? 'main',
    });
    return c.json({ ok: true });
  },
);

export const partnersRoutes = new Hono<ApiEnv>().route('/', partners).route('/api/guest/pincrux', pincrux);
