import { expect, it } from 'vitest';
import { partnerVisits } from '../db/schema/index.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp();
const post = (body: unknown) => t.as(null)('POST', '/api/partners', body, { 'x-brand': 'onion' });

it('records a partner code and a pincrux pair with the brand', async () => {
  expect((await post({ partnerCode: 'ONION_2026' })).status).toBe(200);
  expect(
    (await t.app.request('/api/guest/pincrux?appkey=ak1&pinkey=pk-9', { headers: { 'x-brand': 'coin' } })).status,
  ).toBe(200);
  const rows = await t.database.db.select().from(partnerVisits);
  expect(
    rows.map(({ kind, partnerCode, appkey, pinkey, brand }) => ({ kind, partnerCode, appkey, pinkey, brand })),
  ).toEqual([
    { kind: 'partner', partnerCode: 'ONION_2026', appkey: null, pinkey: null, brand: 'onion' },
    { kind: 'pincrux', partnerCode: null, appkey: 'ak1', pinkey: 'pk-9', brand: 'coin' },
  ]);
});

it.each([{}, { partnerCode: '' }, { partnerCode: 'a;b' }, { partnerCode: 'x'.repeat(65) }, { partnerCode: 42 }])(
  'refuses %j with 400 and stores nothing',
  async (body) => {
    const before = (await t.database.db.select().from(partnerVisits)).length;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), error_msg: expect.any(String) });
    expect(await t.database.db.select().from(partnerVisits)).toHaveLength(before);
  },
);

it('refuses a pincrux call without both keys', async () => {
  expect((await t.app.request('/api/guest/pincrux?appkey=ak1')).status).toBe(400);
  expect((await t.app.request('/api/guest/pincrux?appkey=a%0D%0Ab&pinkey=x')).status).toBe(400);
});
