import { beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../domain/brands.ts';
import { FEATURES, offers, type Feature } from '../../domain/brand-features.ts';
import { text } from './locale.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp();

type Operation = { 'x-brand-feature'?: Feature };
/** Every route a `features` flag owns, as [method, path with ids filled in, feature]. */
let gated: [string, string, Feature][] = [];

beforeAll(async () => {
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  gated = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) =>
      op['x-brand-feature']
        ? [[method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), op['x-brand-feature']] as [string, string, Feature]]
        : [],
    ),
  );
});

/** A body that reaches the feature's check: the foreigner gate looks for the foreigner fields. */
const BODY: Partial<Record<Feature, Record<string, unknown>>> = {
  foreignerSignup: {
    countryCode: '1',
    phone: '2025550188',
    captchaToken: 'x',
    name: 'Jane',
    gender: 'F',
    birthday: '2000-01-01',
  },
};

describe('brand features in the API', () => {
  it('every flag but the footer store links and the reward label owns API routes, listed in the document', () => {
    const owned = new Set(gated.map(([, , f]) => f));
    const routeless: readonly Feature[] = ['storeLinks', 'identityReward'];
    expect([...owned].sort()).toEqual(FEATURES.filter((f) => !routeless.includes(f)).sort());
  });

  it(
    'walks every brand × gated route: 403 feature_unavailable in the caller’s language where the brand lacks the ' +
      'feature, else the route answers',
    async () => {
      const ko = text('ko', 'error_feature_unavailable');
      const en = text('en', 'error_feature_unavailable');
      for (const brand of BRANDS) {
        for (const [method, path, feature] of gated) {
          const body = method === 'GET' || method === 'DELETE' ? undefined : (BODY[feature] ?? {});
          const res = await t.as('bj0001')(method, path, body, { 'x-brand': brand.id });
          const label = `${brand.id} ${method} ${path}`;
          if (offers(brand, feature)) {
            expect(res.body?.error, label).not.toBe('feature_unavailable');
            continue;
          }
          expect({ label, status: res.status, body: res.body }).toMatchObject({
            label,
            status: 403,
            body: { error: 'feature_unavailable', error_msg: ko },
          });
          const english = await t.as('bj0001')(method, path, body, { 'x-brand': brand.id, 'accept-language': 'en' });
          expect(english.body.error_msg, label).toBe(en);
        }
      }
    },
  );

  it('answers before any side effect: no SMS for a hidden foreigner sign-up, no withdrawal for a partner-brand BJ', async () => {
    const outbox = async () =>
      ((await (await t.app.request('/api/dev/sms-outbox?phone=%2B12025550188')).json()) as { messages: unknown[] })
        .messages.length;
    expect(await outbox()).toBe(0);
    const before = (await t.as('bj0001')('GET', '/api/my/luv/withdraw-list')).body.list.length;
    const res = await t.as('bj0001')(
      'POST',
      '/api/my/luv/withdraw',
      { amount: 10000 },
      { 'x-brand': 'hearheart', 'idempotency-key': 'partner-wd' },
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'feature_unavailable' } });
    expect((await t.as('bj0001')('GET', '/api/my/luv/withdraw-list')).body.list.length).toBe(before);
  });

  it('a request without a brand (a native client straight at the API) is main', async () => {
    const res = await t.as('bj0001')('GET', '/api/my/luv/exchange/rate');
    expect(res.status).toBe(200);
  });
});
