/**
 * Throws malformed, mistyped, oversize and unicode-edge input at every account, session,
 * verification and guest endpoint (read from the app; fields and query names from its OpenAPI
 * document): no answer may be a 5xx.
 * fast-check runs with a fixed seed so a failure replays.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { signIn } from '../../api/testing/requests.ts';
import { apiRoutes } from '../security/api-routes.ts';

const ACCOUNT_PREFIXES = [
  '/api/auth/',
  '/v2/api/auth/',
  '/v3/api/m/',
  '/api/oauth/',
  '/api/personal-auth',
  '/api/guest/',
  '/v2/api/guest/',
  '/api/my/profile',
  '/api/service/',
  '/v4/api/asp/accesstoken',
];

interface Operation {
  method: string;
  /** OpenAPI-style path: `/api/guest/loginId/{id}`. */
  path: string;
  fields: string[];
  query: string[];
}

type DocOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/** The account routes of the app, with the body fields and query names their document names. */
async function accountOperations(app: TestApp['app']): Promise<Operation[]> {
  const doc = (await (await app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  return apiRoutes()
    .filter((r) => ACCOUNT_PREFIXES.some((p) => r.path.startsWith(p)))
    .map((r) => {
      const path = r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      const body = Object.values(op?.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      return {
        method: r.method.toLowerCase(),
        path,
        fields: Object.keys(body),
        query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
    });
}

let t: TestApp;
let cookie: string;
let operations: Operation[] = [];
beforeAll(async () => {
  t = await openTestApp();
  cookie = (await signIn(t.app, 'viewer01')).cookie;
  operations = await accountOperations(t.app);
});
afterAll(() => t.close());

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u202dadmin',
  '\u200b\u200c\u200d\ufeff',
  '\ud800',
  '😀'.repeat(50),
  'ﷺ'.repeat(20),
  'a'.repeat(10_000),
  '../../etc/passwd',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '%00%ff',
  '__proto__',
  'constructor',
  '1e309',
  '-0',
];

const EDGE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  Number.MAX_VALUE,
  [],
  {},
  [1, 'a'],
  { a: { b: { c: {} } } },
  ...EDGE_STRINGS,
];

const RAW_BODIES = [
  '{',
  '}',
  'null',
  '[]',
  '"string"',
  '123',
  '{"a":}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"a":"${'x'.repeat(40_000)}"}`,
  '\xff\xfe',
];

/** encodeURIComponent throws on lone surrogates; those go as raw percent bytes instead. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value).slice(0, 3000);
  } catch {
    return '%ED%A0%80';
  }
}

function pathFor(template: string, value: string): string {
  return template.replace(/\{\w+\}/g, enc(value) || 'x');
}

const fieldsOf = (op: Operation): string[] => [
  ...new Set([...op.fields, 'loginId', 'password', 'phone', 'code', 'accessToken', 'refreshToken']),
];

async function call(
  method: string,
  path: string,
  body: string | undefined,
  contentType = 'application/json',
  withCookie = true,
): Promise<number> {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
  };
  if (withCookie) headers.cookie = cookie;
  const res = await t.app.request(path, {
    method: method.toUpperCase(),
    headers,
    body: method === 'get' ? undefined : body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('no 5xx from any account endpoint', () => {
  it('covers the account, session, verification and guest routes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(50);
  });

  it('survives raw malformed bodies and edge path values', async () => {
    for (const op of operations) {
      for (const raw of RAW_BODIES)
        for (const type of [
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ]) {
          expect(
            await call(op.method, pathFor(op.path, 'abc123'), raw, type),
            `${raw.slice(0, 20)} as ${type}`,
          ).toBeLessThan(500);
        }
      for (const s of EDGE_STRINGS) {
        const query = op.query.length ? `?${op.query.map((k) => `${k}=${enc(s)}`).join('&')}` : '';
        expect(
          await call(op.method, `${pathFor(op.path, s)}${query}`, '{}'),
          `path value ${JSON.stringify(s.slice(0, 20))}`,
        ).toBeLessThan(500);
      }
      expect(
        await call(op.method, pathFor(op.path, 'x'), JSON.stringify({ blob: 'x'.repeat(1_000_000) })),
      ).toBeLessThan(500);
    }
  }, 300_000);

  it('survives wrong types in every field (property-based, fixed seed)', async () => {
    for (const op of operations) {
      const fields = fieldsOf(op);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(...fields),
            fc.oneof(
              fc.constantFrom(...EDGE_VALUES),
              fc.string(),
              fc.string({ unit: 'binary' }),
              fc.integer(),
              fc.double(),
            ),
          ),
          fc.boolean(),
          async (body, withCookie) => {
            const status = await call(
              op.method,
              pathFor(op.path, 'kakao'),
              JSON.stringify(body),
              'application/json',
              withCookie,
            );
            return status < 500;
          },
        ),
        { seed: 20261122, numRuns: 15 },
      );
    }
  });

  it('the prototype was never polluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('body size', () => {
  it('a streamed body past 16 KiB is refused with 413 without being read whole', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 10_000) return controller.close();
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const res = await t.app.request('/v2/api/auth/signin', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(100);
  });
});
