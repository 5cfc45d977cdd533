/**
 * Object-level access sweep (SECURITY-CHECKLIST "Object-level access", ASVS 8.2.2) over the whole
 * API. Routes come from the real app (api-routes.ts):
 * - every route that is not on the PUBLIC allowlist answers a guest 401 (a file: 404, like a
 *   missing one), and the guest sweep writes nothing anywhere;
 * - every such route is classified FOREIGN (reaches an object of someone else, or needs to be the
 *   channel owner or an operator: attacked as another member, answers only 403/404 and changes
 *   nothing) or OWN (acts on the caller's own data only, found by the session); a new route fails
 *   the classification test until someone decides which it is.
 * The same fixture also carries the API's sweeps for personal data, open redirects, safe methods
 * and hostile bodies (one database per file keeps the suite fast).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, members } from '../../api/db/schema/index.ts';
import { fileOf, pngBytes } from '../../api/testing/test-files.ts';
import { form } from '../../api/testing/requests.ts';
import { apiRoutes, concretePath, routeKey } from './api-routes.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { REDIRECT_PAYLOADS, staysOn } from './redirect-corpus.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { isPublic, OWN } from './idor-routes.ts';

let fx: TestApp;
const o: Record<string, number | string> = {};
let k = 0;
const key = () => ({ 'idempotency-key': `idor-${k++}` });

beforeAll(async () => {
  fx = await openTestApp();
  const a = fx.as('viewer01');
  const bj = fx.as('bj0001');
  o.msg = (await (await a('POST', '/api/my/messages', { loginId: 'bj0001', content: 'A to BJ' })).json()).msgId;
  o.inquiry = (
    await (
      await a(
        'POST',
        '/api/cs/inquiry-post',
        form({ category: 'etc', title: 'A inquiry', content: 'secret' }, [fileOf(pngBytes(), 'a.png')]),
      )
    ).json()
  ).inquiryId;
  o.file = (await (await a('GET', '/api/cs/inquiry-list')).json()).list[0].attachments[0].id;
  o.declaration = (
    await (
      await a(
        'POST',
        '/api/cs/declaration-post',
        form({ category: 'spam', targetLoginId: 'adult01', content: 'A report' }),
      )
    ).json()
  ).declarationId;
  o.board = (
    await (
      await a(
        'POST',
        '/api/cs/board-write',
        form({ channelId: fx.channelIds.bj0001!, category: 'free', title: 'A post', content: 'A content' }),
      )
    ).json()
  ).boardId;
  o.comment = (
    await (await a('POST', '/api/cs/board-comment', { boardId: o.board, content: 'A comment' })).json()
  ).commentId;
  o.notice = (await (await bj('POST', '/api/my/channel/notice', { title: 'BJ notice', content: 'x' })).json()).noticeId;
  await a('POST', '/api/my/blacklist', { loginId: 'adult01' });
  await fx.as('viewer02')('POST', '/api/my/chennel-register', { channelTitle: 'B wants a channel' });
  // Money objects: a payment and a subscription of viewer01, a withdrawal of the BJ.
  o.payment = (
    await (await a('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'kakaopay' }, key())).json()
  ).paymentId;
  o.identity = (await (await a('GET', '/api/personal-auth?type=personal')).json()).requestId;
  // Subscriptions charge a registered card (the simulator's card window issues the billing key).
  await a('POST', '/api/shoppings/billing-key', { billingKey: fx.simulator.issueBillingKey(fx.ids.viewer01!) });
  o.subscription = (
    await (
      await a('POST', '/api/my/subscriptions', { channelId: fx.channelIds.bj0001!, plan: 'monthly' }, key())
    ).json()
  ).subscription.subscriptionId;
  expect(
    (await a('POST', '/api/lives/send-luv', { channelId: fx.channelIds.bj0001!, amount: 5000 }, key())).status,
  ).toBe(200);
  expect(
    (
      await bj('POST', '/api/cs/accountChange', {
        memberId: fx.ids.bj0001,
        phone: '010-1234-5678',
        bankCode: '004',
        bankHolderName: '데모BJ',
        bankAccount: '123-456-789012',
      })
    ).status,
  ).toBe(200);
  o.withdrawal = (
    await (await bj('POST', '/api/my/luv/withdraw', { amount: 1000 }, key())).json()
  ).withdrawal.withdrawId;
  expect(
    Object.entries(o).filter(
      ([, id]) => !((Number.isInteger(id) && Number(id) > 0) || (typeof id === 'string' && id.length > 0)),
    ),
  ).toEqual([]);
}, 120_000);
afterAll(() => fx.close());

interface Case {
  route: string;
  path?: () => string;
  body?: () => unknown;
}
const ch = () => fx.channelIds.bj0001!;

/** Routes that reach someone else's object or need to be the channel owner or an operator. */
const FOREIGN: Case[] = [
  { route: 'POST /v2/api/my/messages-read/:id', path: () => `/v2/api/my/messages-read/${o.msg}` },
  { route: 'POST /api/my/messages-read/:id', path: () => `/api/my/messages-read/${o.msg}` },
  { route: 'POST /api/my/messages/delete', body: () => ({ msgIds: [o.msg] }) },
  { route: 'POST /v2/api/my/messages/delete', body: () => ({ msgIds: [o.msg] }) },
  {
    route: 'POST /api/my/messages/declaration/:id',
    path: () => `/api/my/messages/declaration/${o.msg}`,
    body: () => ({ reason: 'x' }),
  },
  {
    route: 'POST /v2/api/my/messages/declaration/:id',
    path: () => `/v2/api/my/messages/declaration/${o.msg}`,
    body: () => ({ reason: 'x' }),
  },
  { route: 'DELETE /api/cs/inquiry-delete/:id', path: () => `/api/cs/inquiry-delete/${o.inquiry}` },
  { route: 'DELETE /api/cs/declaration-delete/:id', path: () => `/api/cs/declaration-delete/${o.declaration}` },
  { route: 'GET /api/cs/attachments/:id', path: () => `/api/cs/attachments/${o.file}` },
  {
    route: 'PUT /api/cs/board-update',
    body: () => form({ boardId: o.board, category: 'free', title: 'hacked', content: 'hacked' }),
  },
  { route: 'DELETE /api/cs/board-delete/:id', path: () => `/api/cs/board-delete/${o.board}` },
  { route: 'DELETE /api/cs/board-comment/:commentId', path: () => `/api/cs/board-comment/${o.comment}` },
  {
    route: 'PUT /api/cs/board-important/:channelId/:boardId',
    path: () => `/api/cs/board-important/${ch()}/${o.board}`,
    body: () => ({ important: true }),
  },
  {
    route: 'PUT /api/cs/board-setting/:channelId',
    path: () => `/api/cs/board-setting/${ch()}`,
    body: () => ({ writePermission: 'owner', commentsEnabled: false }),
  },
  { route: 'POST /api/my/channel/notice', body: () => ({ title: 'x', content: 'y' }) },
  {
    route: 'PUT /api/my/channel/notice/:id',
    path: () => `/api/my/channel/notice/${o.notice}`,
    body: () => ({ title: 'hacked', content: 'hacked' }),
  },
  { route: 'DELETE /api/my/channel/notice/:id', path: () => `/api/my/channel/notice/${o.notice}` },
  { route: 'GET /api/my/channel/profile' },
  { route: 'GET /api/my/channel-subscription-list' },
  { route: 'PUT /api/my/channel/profile', body: () => ({ title: 'hacked' }) },
  { route: 'POST /api/my/channel/luv-preset', body: () => ({ presets: [1] }) },
  {
    route: 'POST /api/my/chennel-register/:loginId/decision',
    path: () => '/api/my/chennel-register/viewer02/decision',
    body: () => ({ approve: true }),
  },
  {
    route: 'POST /api/cs/inquiry-answer/:id',
    path: () => `/api/cs/inquiry-answer/${o.inquiry}`,
    body: () => ({ answer: 'not an operator' }),
  },
  { route: 'POST /api/cs/notice-post', body: () => ({ kind: 'notice', title: 'fake', content: 'fake' }) },
  {
    route: 'POST /api/channels/:channelId/broadcast',
    path: () => `/api/channels/${ch()}/broadcast`,
    body: () => ({ on: true, title: 'hijacked', themeId: 1, password: 'hijack1' }),
  },
  { route: 'GET /api/channels/:channelId/broadcast', path: () => `/api/channels/${ch()}/broadcast` },
  {
    route: 'PUT /api/channels/:channelId/chat-rules',
    path: () => `/api/channels/${ch()}/chat-rules`,
    body: () => ({ slowModeS: 300, blockedWords: ['hijacked'] }),
  },
  { route: 'GET /api/shoppings/luv/payments/:paymentId', path: () => `/api/shoppings/luv/payments/${o.payment}` },
  { route: 'POST /api/shoppings/flax/payments-cancel', body: () => ({ paymentId: o.payment }) },
  {
    route: 'POST /api/shoppings/luv/payments/:paymentId/complete',
    path: () => `/api/shoppings/luv/payments/${o.payment}/complete`,
  },
  { route: 'GET /api/personal-auth/portone', path: () => `/api/personal-auth/portone?requestId=${o.identity}` },
  { route: 'POST /api/personal-auth/complete', body: () => ({ requestId: o.identity }) },
  {
    route: 'POST /api/my/subscriptions/:id/cancel-renewal',
    path: () => `/api/my/subscriptions/${o.subscription}/cancel-renewal`,
  },
  { route: 'DELETE /api/my/subscriptions/:id', path: () => `/api/my/subscriptions/${o.subscription}` },
  // No clip in this fixture (a clip needs a live's media): the refusal of a real clip to a member who is not the
  // BJ or a manager is in tests/contract/clips.test.ts; here an unknown id must not answer otherwise.
  { route: 'DELETE /api/clips/:clipId', path: () => '/api/clips/AAAAAAAAAAAA' },
  { route: 'POST /api/my/luv/withdraw-cancel', body: () => ({ withdrawId: o.withdrawal }) },
  {
    route: 'POST /api/operator/withdrawals/:id/:action{approve|fail}',
    path: () => `/api/operator/withdrawals/${o.withdrawal}/approve`,
  },
  {
    route: 'POST /api/cs/accountChange',
    body: () => ({
      memberId: fx.ids.bj0001,
      phone: '010-9999-9999',
      bankCode: '004',
      bankHolderName: 'x',
      bankAccount: '999-999-999999',
    }),
  },
  { route: 'POST /api/lives/change-favorite-emoticon', body: () => ({ memberId: fx.ids.viewer01, emojiId: 1 }) },
  { route: 'POST /api/my/luv/withdraw', body: () => ({ amount: 1000 }) }, // broadcasters only
  { route: 'POST /api/my/luv/exchange/apply', body: () => ({ amount: 1000 }) }, // broadcasters only
];

const protectedRoutes = () => apiRoutes().filter((r) => !isPublic(routeKey(r)));
const foreignOf = new Map(FOREIGN.map((c) => [c.route, c]));
const pathOf = (route: string, pattern: string) => foreignOf.get(route)?.path?.() ?? concretePath(pattern);
/** The idempotency keys table records the attacker's own refused attempt; nothing of the victim's is in it. */
const SNAPSHOT_SKIP = ['idempotency_keys', 'login_attempts', 'rate_limits'];

describe('object-level access sweep', () => {
  it('classifies every route as public, foreign-object or own-data (a new route fails here until it is)', () => {
    const keys = apiRoutes().map(routeKey);
    expect(keys.length).toBeGreaterThanOrEqual(180);
    const unclassified = keys.filter((k) => !isPublic(k) && !foreignOf.has(k) && !OWN.has(k));
    expect(unclassified).toEqual([]);
    const stale = [...foreignOf.keys(), ...OWN].filter((k) => !keys.includes(k));
    expect(stale).toEqual([]);
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(110);
  });

  it('answers 401 to a guest on every route that is not public, and writes nothing', async () => {
    const before = await snapshotDatabase(fx.database.db);
    const wrong: string[] = [];
    for (const r of protectedRoutes()) {
      const route = routeKey(r);
      const c = foreignOf.get(route);
      const res = await fx.as(null)(
        r.method,
        pathOf(route, r.path),
        r.method === 'GET' ? undefined : (c?.body?.() ?? {}),
        key(),
      );
      // A guest asking for a file gets the same 404 as for a file that does not exist.
      const expected = route === 'GET /api/cs/attachments/:id' ? 404 : 401;
      if (res.status !== expected) wrong.push(`${route} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotDatabase(fx.database.db)).toEqual(before);
  });

  it('answers only 403/404 to another member on everything that is not theirs, and changes nothing of the owner’s', async () => {
    const before = await snapshotDatabase(fx.database.db, SNAPSHOT_SKIP);
    const wrong: string[] = [];
    for (const c of FOREIGN) {
      const [method, pattern] = c.route.split(' ') as [string, string];
      const res = await fx.as('viewer02')(
        method,
        pathOf(c.route, pattern),
        method === 'GET' ? undefined : (c.body?.() ?? {}),
        key(),
      );
      const body = await res.json().catch(() => null);
      if (![403, 404].includes(res.status) || typeof body?.error !== 'string')
        wrong.push(`${c.route} → ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotDatabase(fx.database.db, SNAPSHOT_SKIP)).toEqual(before);
  });

  it('serves a report’s file and the files of a deleted board post to nobody else (404, like a missing file)', async () => {
    const a = fx.as('viewer01');
    await a(
      'POST',
      '/api/cs/declaration-post',
      form({ category: 'spam', targetLoginId: 'adult01', content: 'with proof' }, [fileOf(pngBytes(), 'proof.png')]),
    );
    const reports = (await (await a('GET', '/api/cs/declaration-list')).json()).list as {
      attachments: { id: number }[];
    }[];
    const reportFile = reports.flatMap((r) => r.attachments)[0]!.id;
    const board = (
      await (
        await a(
          'POST',
          '/api/cs/board-write',
          form({ channelId: ch(), category: 'free', title: 'soon gone', content: 'c' }, [fileOf(pngBytes(), 'b.png')]),
        )
      ).json()
    ).boardId;
    const boardFile = (await (await fx.as(null)('GET', `/api/cs/board-detail?boardId=${board}`)).json()).attachments[0]
      .id;
    expect((await fx.as(null)('GET', `/api/cs/attachments/${boardFile}`)).status).toBe(200);
    expect((await a('GET', `/api/cs/attachments/${reportFile}`)).status).toBe(200);
    expect((await a('DELETE', `/api/cs/board-delete/${board}`)).status).toBeLessThan(300);
    for (const who of [null, 'viewer02', 'bj0001']) {
      expect((await fx.as(who)('GET', `/api/cs/attachments/${reportFile}`)).status, `${who} report file`).toBe(404);
      expect((await fx.as(who)('GET', `/api/cs/attachments/${boardFile}`)).status, `${who} deleted post file`).toBe(
        404,
      );
    }
  });

  it('never shows another member’s messages, inquiries, reports or black list in their own lists', async () => {
    const b = fx.as('adult01');
    const seen = JSON.stringify([
      await (await b('GET', '/api/my/messages?division=receive')).json(),
      await (await b('GET', '/api/my/messages?division=send')).json(),
      await (await b('GET', '/api/cs/inquiry-list')).json(),
      await (await b('GET', '/v2/api/cs/inquiry-list')).json(),
      await (await b('GET', '/api/cs/declaration-list')).json(),
      await (await b('GET', '/api/my/blacklist')).json(),
      await (await b('GET', '/api/my/subscriptions')).json(),
      await (await b('GET', '/api/shoppings/luv/payments')).json(),
      await (await b('GET', '/api/my/luv/withdraw-list')).json(),
    ]);
    for (const secret of ['A to BJ', 'A inquiry', 'secret', 'A report', 'a.png', '123-456-789012'])
      expect(seen).not.toContain(secret);
    expect(seen).not.toContain(String(o.payment));
    expect(seen).not.toContain(`"subscriptionId":${o.subscription}`);
  });

  it('keeps the development tools out of production: every /api/dev route answers 404 there', async () => {
    const production = await openTestApp({
      database: fx.database,
      env: { ...process.env, PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(48) },
      deps: { storage: fx.deps.storage },
    });
    const prod = production.app;
    const dev = apiRoutes().filter((r) => r.path.startsWith('/api/dev/'));
    expect(dev.length).toBeGreaterThanOrEqual(5);
    for (const r of dev) {
      const res = await prod.request(concretePath(r.path), {
        method: r.method,
        headers: { cookie: '', 'content-type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
      });
      expect(res.status, routeKey(r)).toBe(404);
    }
    await production.close();
  });
});

describe('personal data', () => {
  it('no GET route shows a guest or another member anyone’s phone, birth date, password hash or bank account', async () => {
    const rows = await fx.database.db.select().from(members);
    const secrets = rows
      .filter((m) => m.loginId !== 'viewer02')
      .flatMap((m) =>
        [m.phone, m.phone?.replace(/^\+82/, '0'), m.birthday, m.passwordHash].filter(
          (x): x is string => typeof x === 'string' && x.length >= 8,
        ),
      )
      .concat(['123-456-789012', '123456789012']);
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    const q = `loginId=bj0001&userId=viewer01&memberId=${fx.ids.viewer01}&channelId=${ch()}&viewerId=viewer01&id=${fx.ids.viewer01}`;
    const leaks: string[] = [];
    for (const r of apiRoutes().filter((x) => x.method === 'GET')) {
      for (const who of [null, 'viewer02']) {
        for (const value of ['viewer01', 'bj0001', String(fx.ids.bj0001)]) {
          const path = concretePath(r.path, { provider: 'kakao', channelId: ch() }, value);
          const text = await (await fx.as(who)('GET', `${path}?${q}`)).text();
          for (const secret of secrets)
            if (text.includes(secret)) leaks.push(`${who} ${routeKey(r)} (${value}) shows ${secret.slice(0, 12)}…`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('redirects (SECURITY-CHECKLIST "Redirects"; the corpus is redirect-corpus.ts)', () => {
  // The API builds its own redirects from fixed paths (social authorize, the development OAuth and
  // identity simulators): any Location stays on our origin whatever redirect parameter it is given.
  const PARAMS = ['callbackURL', 'returnUrl', 'redirect', 'redirect_uri', 'next', 'url', 'state', 'continue'];
  // One payload of each kind: the API takes no redirect target at all, so a sample shows it as well as all of them.
  const KINDS = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    '/\r\nSet-Cookie: x=1',
    '/%0d%0aSet-Cookie:%20x=1',
    '/%252f%252fevil.example',
    '\uff0f\uff0fevil.example',
  ];
  const SAMPLE = [...REDIRECT_PAYLOADS.filter((p) => KINDS.includes(p)), 'x'.repeat(5000)];

  it('never answers a Location off our origin, whatever redirect parameter a GET route is given', async () => {
    expect(SAMPLE.length).toBe(KINDS.length + 1);
    const gets = apiRoutes().filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(90);
    let redirects = 0;
    for (const r of gets) {
      for (const payload of SAMPLE) {
        const q = new URLSearchParams(PARAMS.map((p): [string, string] => [p, payload]));
        q.set('subject', 'sec-user');
        const res = await fx.app.request(`${concretePath(r.path, { provider: 'kakao' })}?${q}`, {
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        const location = res.headers.get('location');
        if (location === null) continue;
        redirects += 1;
        // A fixed path: what the client sent can only appear URL-encoded inside a query value.
        expect(new URL(location, 'https://www.flxtv.example').pathname, routeKey(r)).toMatch(
          /^\/(callback\/kakao\/authorize|api\/dev\/oauth\/kakao\/authorize|my\/personal-auth)$/,
        );
        expect(
          staysOn(location, undefined, false),
          `${routeKey(r)} with ${JSON.stringify(payload)} → ${location}`,
        ).toBe(true);
      }
    }
    // The social authorize step redirects (to the development provider on this origin).
    expect(redirects).toBeGreaterThan(0);
  });
});

describe('safe methods (a cross-site top-level navigation carries SameSite=Lax cookies)', () => {
  /** GETs that start a flow and write its pending state: nothing of the member's changes. */
  const STARTS_A_FLOW = new Set(['GET /api/auth/oauth/:provider/authorize', 'GET /api/personal-auth']);

  it('no GET route changes anything for a signed-in member or a guest', async () => {
    const gets = apiRoutes().filter((r) => r.method === 'GET' && !STARTS_A_FLOW.has(routeKey(r)));
    expect(gets.length).toBeGreaterThan(90);
    const before = await snapshotDatabase(fx.database.db);
    for (const who of ['viewer01', 'bj0001', null]) {
      for (const r of gets) {
        const res = await fx.as(who)('GET', pathOf(routeKey(r), r.path));
        expect(res.status, `${who} ${routeKey(r)}`).toBeLessThan(500);
      }
    }
    expect(await snapshotDatabase(fx.database.db)).toEqual(before);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    'not json',
    '[]',
    'null',
    {
      msgIds: [2 ** 40],
      boardId: 2 ** 40,
      loginId: 'x'.repeat(10_000),
      content: null,
      presets: [1e308],
      division: {},
      approve: 'yes',
      amount: '1e3',
      withdrawId: -1,
      paymentId: 2 ** 53,
    },
    {
      __proto__: { admin: true },
      constructor: { prototype: { x: 1 } },
      title: ['a'],
      category: 1,
      memberType: 'O',
      balance: 1e9,
    },
    // Mass assignment: privileged fields next to plausible ones (checked after the sweep).
    {
      title: 't',
      content: 'c',
      nickname: 'massassign',
      memberType: 'O',
      role: 'admin',
      PI: true,
      identityVerified: true,
      blocked: false,
      balance: 1e9,
      luv: 1e9,
      memberId: 1,
      ownerId: 1,
      id: 1,
      loginId: 'viewer02',
    },
    {
      boardId: '1e3',
      channelId: '-1',
      writePermission: 'owner',
      commentsEnabled: 'false',
      isView: 'true',
      memberSortCode: 1e9,
    },
  ];

  it('never answers 5xx to any member or owner route, whatever the body, and no privileged field sticks', async () => {
    const privileged = async () => ({
      members: (
        await fx.database.db
          .select({
            id: members.id,
            memberType: members.memberType,
            identityVerified: members.identityVerified,
            blocked: members.blocked,
          })
          .from(members)
      ).sort((a, b) => a.id - b.id),
      // A BJ may retitle their own channel; who owns it and its adult flags are not the body's to say.
      channels: (
        await fx.database.db
          .select({
            id: channels.id,
            ownerId: channels.ownerId,
            adult: channels.adultBroadcast,
            adultPlus: channels.adultPlusBroadcast,
          })
          .from(channels)
      ).sort((a, b) => a.id - b.id),
      ...(await snapshotDatabase(fx.database.db, [], ['ledger_accounts', 'channel_roles'])),
    });
    const before = await privileged();
    const targets = protectedRoutes().filter((r) => r.method !== 'GET');
    for (const who of ['viewer02', 'bj0001'] as const) {
      for (const r of targets) {
        for (const body of bodies) {
          const res = await fx.as(who)(r.method, pathOf(routeKey(r), r.path), body, key());
          expect(res.status, `${who} ${routeKey(r)} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
    }
    expect(await privileged()).toEqual(before);
  });
});
