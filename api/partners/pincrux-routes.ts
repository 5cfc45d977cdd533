/** `GET /api/guest/pincrux?appkey=&pinkey=` (SPEC §7 guest list): records a Pincrux visit the edge saw. */
import { Hono } from 'hono';
import { pincruxQuery } from '../../domain/schemas/partners.ts';
import type { ApiEnv } from '../app-env.ts';
import { requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { recordPartnerVisit } from './visits.ts';

export const pincrux = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'partners',
    summary: 'Records an appkey + pinkey visit (the worker calls it once per visitor)',
    responses: { 200: '{ ok: true }' },
  }),
  query(pincruxQuery),
  async (c) => {
    const { appkey, pinkey } = c.req.valid('query');
    await recordPartnerVisit(c.get('deps').database.db, {
      kind: 'pincrux',
      appkey,
      pinkey,
      brand: requestBrand(c)?.id ?? 'main',
    });
    return c.json({ ok: true });
  },
);
