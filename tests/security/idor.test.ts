/**
 * Object-level access sweep (SECURITY-CHECKLIST "Object-level access", ASVS 8.2.2): every member
 * and owner endpoint of the my, messages, customer-service and board API, called as a guest and as
 * another member against objects of viewer01 and of the channel owner bj0001, answers only
 * 401/403/404, and afterwards every object is exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOf, pngBytes } from '../../api/storage/test-files.ts';
import { form, openCsFixture, type CsFixture } from '../../api/http/cs-test-app.ts';

let fx: CsFixture;
const o: Record<string, number> = {};

beforeAll(async () => {
  fx = await openCsFixture();
  const a = fx.as('viewer01');
  const bj = fx.as('bj0001');
  o.msg = (await (await a('POST', '/api/my/messages', { loginId: 'bj0001', content: 'A to BJ' })).json()).msgId;
  o.inquiry = (await (await a('POST', '/api/cs/inquiry-post', form({ category: 'etc', title: 'A inquiry', content: 'secret' }, [fileOf(pngBytes(), 'a.png')]))).json()).inquiryId;
  const inquiries = await (await a('GET', '/api/cs/inquiry-list')).json();
  o.file = inquiries.list[0].attachments[0].id;
  o.declaration = (await (await a('POST', '/api/cs/declaration-post', form({ category: 'spam', targetLoginId: 'adult01', content: 'A report' }))).json()).declarationId;
  o.board = (await (await a('POST', '/api/cs/board-write', form({ channelId: fx.bjChannelId, category: 'free', title: 'A post', content: 'A content' }))).json()).boardId;
  o.comment = (await (await a('POST', '/api/cs/board-comment', { boardId: o.board, content: 'A comment' })).json()).commentId;
  o.notice = (await (await bj('POST', '/api/my/channel/notice', { title: 'BJ notice', content: 'x' })).json()).noticeId;
  await a('POST', '/api/my/blacklist', { loginId: 'adult01' });
  await fx.as('viewer02')('POST', '/api/my/chennel-register', { channelTitle: 'B wants a channel' });
  expect(Object.values(o).every((id) => Number.isInteger(id) && id > 0)).toBe(true);
});
afterAll(() => fx.close());

type Case = [method: string, path: () => string, body?: () => unknown];
const ch = () => fx.bjChannelId;

/** Endpoints that touch someone else's object or need to be the channel owner (or an operator). */
const foreign: Case[] = [
  ['POST', () => `/v2/api/my/messages-read/${o.msg}`],
  ['POST', () => `/api/my/messages-read/${o.msg}`],
  ['POST', () => '/api/my/messages/delete', () => ({ msgIds: [o.msg] })],
  ['POST', () => `/api/my/messages/declaration/${o.msg}`, () => ({ reason: 'x' })],
  ['DELETE', () => `/api/cs/inquiry-delete/${o.inquiry}`],
  ['DELETE', () => `/api/cs/declaration-delete/${o.declaration}`],
  ['GET', () => `/api/cs/attachments/${o.file}`],
  ['PUT', () => '/api/cs/board-update', () => form({ boardId: o.board, category: 'free', title: 'hacked', content: 'hacked' })],
  ['DELETE', () => `/api/cs/board-delete/${o.board}`],
  ['DELETE', () => `/api/cs/board-comment/${o.comment}`],
  ['PUT', () => `/api/cs/board-important/${ch()}/${o.board}`, () => ({ important: true })],
  ['PUT', () => `/api/cs/board-setting/${ch()}`, () => ({ writePermission: 'owner', commentsEnabled: false })],
  ['DELETE', () => '/api/my/blacklist/adult01'],
  ['POST', () => '/api/my/channel/notice', () => ({ title: 'x', content: 'y' })],
  ['PUT', () => `/api/my/channel/notice/${o.notice}`, () => ({ title: 'hacked', content: 'hacked' })],
  ['DELETE', () => `/api/my/channel/notice/${o.notice}`],
  ['GET', () => '/api/my/channel/profile'],
  ['PUT', () => '/api/my/channel/profile', () => ({ title: 'hacked' })],
  ['POST', () => '/api/my/channel/luv-preset', () => ({ presets: [1] })],
  ['POST', () => '/api/my/chennel-register/viewer02/decision', () => ({ approve: true })],
  ['POST', () => `/api/cs/inquiry-answer/${o.inquiry}`, () => ({ answer: 'not an operator' })],
  ['POST', () => '/api/cs/notice-post', () => ({ kind: 'notice', title: 'fake', content: 'fake' })],
];

/** Members-only endpoints that act on the caller's own data. */
const own: Case[] = [
  ['GET', () => '/api/my/messages'],
  ['GET', () => '/v2/api/my/messages'],
  ['POST', () => '/api/my/messages', () => ({ loginId: 'bj0001', content: 'x' })],
  ['POST', () => '/v2/api/my/messages', () => ({ loginId: 'bj0001', content: 'x' })],
  ['GET', () => '/api/my/messages/unread-count'],
  ['POST', () => '/api/my/messages/alldelete', () => ({ division: 'receive' })],
  ['GET', () => '/api/my/messages/isblock?loginId=bj0001'],
  ['GET', () => '/api/my/blacklist'],
  ['GET', () => '/api/my/blacklist/ids'],
  ['POST', () => '/api/my/blacklist', () => ({ loginId: 'bj0001' })],
  ['GET', () => '/api/cs/inquiry-list'],
  ['GET', () => '/v2/api/cs/inquiry-list'],
  ['POST', () => '/api/cs/inquiry-post', () => form({ category: 'etc', title: 't', content: 'c' })],
  ['GET', () => '/api/cs/declaration-list'],
  ['POST', () => '/api/cs/declaration-post', () => form({ category: 'spam', targetLoginId: 'bj0001', content: 'c' })],
  ['POST', () => '/api/cs/board-write', () => form({ channelId: ch(), category: 'free', title: 't', content: 'c' })],
  ['POST', () => '/api/cs/board-like', () => ({ boardId: o.board })],
  ['POST', () => '/api/cs/board-comment', () => ({ boardId: o.board, content: 'c' })],
  ['POST', () => '/api/my/setting', () => ({ isView: false })],
  ['GET', () => '/api/my/view-main'],
  ['GET', () => '/api/my/rankings'],
  ['GET', () => '/api/my/chennel-register'],
  ['POST', () => '/api/my/chennel-register', () => ({ channelTitle: 't' })],
];

const snapshot = async () => {
  const a = fx.as('viewer01');
  const bj = fx.as('bj0001');
  return {
    aSent: (await (await a('GET', '/api/my/messages?division=send')).json()).list.map((m: { msgId: number }) => m.msgId),
    bjInbox: (await (await bj('GET', '/api/my/messages')).json()).list.map((m: { msgId: number; read: boolean }) => [m.msgId, m.read]),
    inquiries: (await (await a('GET', '/api/cs/inquiry-list')).json()).list.map((i: { inquiryId: number }) => i.inquiryId),
    reports: (await (await a('GET', '/api/cs/declaration-list')).json()).list.map((d: { declarationId: number }) => d.declarationId),
    post: await (await fx.as(null)('GET', `/api/cs/board-detail?boardId=${o.board}`)).json(),
    comments: (await (await fx.as(null)('GET', `/api/cs/board-comment?boardId=${o.board}`)).json()).list.map((x: { commentId: number }) => x.commentId),
    notices: (await (await fx.as(null)('GET', `/api/my/channel/notice?channelId=${ch()}`)).json()).list,
    setting: await (await fx.as(null)('GET', `/api/cs/board-setting-check?channelId=${ch()}`)).json(),
    aBlacklist: (await (await a('GET', '/api/my/blacklist')).json()).list.map((x: { loginId: string }) => x.loginId),
    bjProfile: await (await bj('GET', '/api/my/channel/profile')).json(),
    bRegister: await (await fx.as('viewer02')('GET', '/api/my/chennel-register')).json(),
  };
};

describe('object-level access sweep', () => {
  it('answers 401 to a guest on every member and owner endpoint', async () => {
    const before = await snapshot();
    for (const [method, path, body] of [...foreign, ...own]) {
      const res = await fx.as(null)(method, path(), body?.());
      // A guest asking for a file gets the same 404 as for a file that does not exist.
      const expected = path().startsWith('/api/cs/attachments/') ? 404 : 401;
      expect(res.status, `${method} ${path()}`).toBe(expected);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers only 403/404 to another member on everything that is not theirs, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, path, body] of foreign) {
      const res = await fx.as('viewer02')(method, path(), body?.());
      expect([403, 404], `${method} ${path()} → ${res.status}`).toContain(res.status);
      expect(await res.json()).toHaveProperty('error');
    }
    expect(await snapshot()).toEqual(before);
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
    ]);
    for (const secret of ['A to BJ', 'A inquiry', 'secret', 'A report', 'a.png']) expect(seen).not.toContain(secret);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    'not json',
    '[]',
    'null',
    { msgIds: [2 ** 40], boardId: 2 ** 40, loginId: 'x'.repeat(10_000), content: null, presets: [1e308], division: {}, approve: 'yes' },
    { __proto__: { admin: true }, constructor: { prototype: { x: 1 } }, title: ['a'], category: 1 },
    { boardId: '1e3', channelId: '-1', writePermission: 'owner', commentsEnabled: 'false', isView: 'true', memberSortCode: 1e9 },
  ];

  it('never answers 5xx to any member or owner endpoint, whatever the body', async () => {
    for (const who of ['viewer02', 'bj0001'] as const) {
      for (const [method, path] of [...foreign, ...own]) {
        if (method === 'GET') continue;
        for (const body of bodies) {
          const res = await fx.as(who)(method, path(), body);
          expect(res.status, `${who} ${method} ${path()} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
    }
  });
});
