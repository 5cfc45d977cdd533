import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as answer from '../../domain/answers/messages.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let fx: TestApp;
beforeAll(async () => {
  fx = await openTestApp();
});
afterAll(() => fx.close());

const send = (from: string, to: string, content: string) =>
  fx.as(from)('POST', '/api/my/messages', { loginId: to, content });

describe('private messages', () => {
  it('delivers a message to the inbox with the §3 fields and counts it unread', async () => {
    const res = await send('viewer01', 'viewer02', '  안녕하세요  ');
    expect(res.status).toBe(201);
    const { msgId } = (await res.json()) as { msgId: number };
    const inbox = await (await fx.as('viewer02')('GET', '/api/my/messages?division=receive')).json();
    expect(inbox.list[0]).toMatchObject({
      msgId,
      loginId: 'viewer01',
      targetId: 'viewer02',
      content: '안녕하세요',
      division: 'receive',
      read: false,
      matchId: `${Math.min(fx.ids.viewer01!, fx.ids.viewer02!)}-${Math.max(fx.ids.viewer01!, fx.ids.viewer02!)}`,
    });
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    const sent = await (await fx.as('viewer01')('GET', '/v2/api/my/messages?division=send')).json();
    expect(sent.list[0]).toMatchObject({ msgId, division: 'send' });
    expect(sent.unread).toBe(0);
  });

  it('marks a message read when the recipient opens it, not when the sender does', async () => {
    const { msgId } = await (await send('viewer01', 'viewer02', 'read me')).json();
    const before = (await (await fx.as('viewer02')('GET', '/api/my/messages/unread-count')).json()).unread;
    expect((await (await fx.as('viewer01')('POST', `/v2/api/my/messages-read/${msgId}`)).json()).read).toBe(false);
    const opened = await (await fx.as('viewer02')('POST', `/v2/api/my/messages-read/${msgId}`)).json();
    expect(opened).toMatchObject({ msgId, read: true, content: 'read me' });
    expect((await (await fx.as('viewer02')('GET', '/api/my/messages/unread-count')).json()).unread).toBe(before - 1);
  });

  it.each([
    [{ loginId: 'viewer02', content: '' }, 400],
    [{ loginId: 'viewer02', content: 'x'.repeat(501) }, 400] as const,
    [{ loginId: 'viewer02' }, 400],
    [{ loginId: 'nobody99', content: 'hi' }, 404],
    [{ loginId: 'viewer01', content: 'me' }, 400],
    ['not json', 400],
    [[1, 2], 400],
  ])('refuses %j with %i and writes nothing', async (body, status) => {
    const res = await fx.as('viewer01')('POST', '/api/my/messages', body);
    expect(res.status).toBe(status);
    expect(await res.json()).toHaveProperty('error_msg');
  });

  it('deletes only on the caller side, and refuses ids that are not theirs', async () => {
    const { msgId } = await (await send('viewer01', 'viewer02', 'delete me')).json();
    expect((await fx.as('adult01')('POST', '/api/my/messages/delete', { msgIds: [msgId] })).status).toBe(404);
    expect((await fx.as('viewer02')('POST', '/api/my/messages/delete', { msgIds: [msgId] })).status).toBe(200);
    const inbox = await (await fx.as('viewer02')('GET', '/api/my/messages')).json();
    expect(inbox.list.map((m: { msgId: number }) => m.msgId)).not.toContain(msgId);
    const sent = await (await fx.as('viewer01')('GET', '/api/my/messages?division=send')).json();
    expect(sent.list.map((m: { msgId: number }) => m.msgId)).toContain(msgId);
    expect((await fx.as('viewer02')('POST', `/v2/api/my/messages-read/${msgId}`)).status).toBe(404);
  });

  it('deletes a whole division at once', async () => {
    await send('adult01', 'bj0001', 'one');
    await send('adult01', 'bj0001', 'two');
    const res = await fx.as('adult01')('POST', '/api/my/messages/alldelete', { division: 'send' });
    expect((await res.json()).deleted).toBeGreaterThanOrEqual(2);
    expect((await (await fx.as('adult01')('GET', '/api/my/messages?division=send')).json()).total).toBe(0);
    expect((await (await fx.as('bj0001')('GET', '/api/my/messages')).json()).total).toBeGreaterThanOrEqual(2);
    expect((await fx.as('adult01')('POST', '/api/my/messages/alldelete', { division: 'all' })).status).toBe(400);
  });

  it('lets only the recipient report a message, once', async () => {
    const { msgId } = await (await send('viewer01', 'viewer02', 'spam')).json();
    expect((await fx.as('viewer01')('POST', `/api/my/messages/declaration/${msgId}`, { reason: 'x' })).status).toBe(
      404,
    );
    expect((await fx.as('adult01')('POST', `/api/my/messages/declaration/${msgId}`, {})).status).toBe(404);
    expect((await fx.as('viewer02')('POST', `/api/my/messages/declaration/${msgId}`, { reason: '광고' })).status).toBe(
      201,
    );
    expect((await fx.as('viewer02')('POST', `/api/my/messages/declaration/${msgId}`, {})).status).toBe(409);
  });

  it('a blocked member cannot message you and their messages leave your inbox', async () => {
    await send('viewer01', 'adult01', 'before the block');
    expect((await fx.as('adult01')('POST', '/api/my/blacklist', { loginId: 'viewer01' })).status).toBe(201);
    expect(await (await fx.as('viewer01')('GET', '/api/my/messages/isblock?loginId=adult01')).json()).toEqual({
      loginId: 'adult01',
      isBlock: false,
      canSend: false,
    });
    expect(await (await fx.as('adult01')('GET', '/api/my/messages/isblock?loginId=viewer01')).json()).toEqual({
      loginId: 'viewer01',
      isBlock: true,
      canSend: true,
    });
    const refused = await send('viewer01', 'adult01', 'after the block');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'message_blocked' });
    const inbox = await (await fx.as('adult01')('GET', '/api/my/messages')).json();
    expect(inbox.list.some((m: { loginId: string }) => m.loginId === 'viewer01')).toBe(false);
    expect((await fx.as('adult01')('DELETE', '/api/my/blacklist/viewer01')).status).toBe(200);
    expect((await send('viewer01', 'adult01', 'after unblock')).status).toBe(201);
  });

  it('answers 401 to guests on every message endpoint', async () => {
    const guest = fx.as(null);
    for (const [method, path] of [
      ['GET', '/api/my/messages'],
      ['POST', '/api/my/messages'],
      ['GET', '/v2/api/my/messages'],
      ['POST', '/v2/api/my/messages-read/1'],
      ['POST', '/api/my/messages/delete'],
      ['POST', '/api/my/messages/alldelete'],
      ['GET', '/api/my/messages/isblock?loginId=viewer01'],
      ['POST', '/api/my/messages/declaration/1'],
      ['GET', '/api/my/messages/unread-count'],
    ] as const) {
      expect((await guest(method, path, {})).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('blacklist', () => {
  it('adds, lists and removes, and validates the target', async () => {
    const me = fx.as('viewer02');
    expect((await me('POST', '/api/my/blacklist', { loginId: 'bj0001' })).status).toBe(201);
    expect((await me('POST', '/api/my/blacklist', { loginId: 'bj0001' })).status).toBe(200);
    expect(await (await me('GET', '/api/my/blacklist/ids')).json()).toEqual({ loginIds: ['bj0001'] });
    expect((await fx.as(null)('GET', '/api/my/blacklist/ids')).status).toBe(401);
    const list = await (await me('GET', '/api/my/blacklist')).json();
    expect(list.list).toEqual([expect.objectContaining({ loginId: 'bj0001', nickname: '데모BJ' })]);
    expect((await me('POST', '/api/my/blacklist', { loginId: 'viewer02' })).status).toBe(400);
    expect((await me('POST', '/api/my/blacklist', { loginId: 'ghost000' })).status).toBe(404);
    expect((await me('POST', '/api/my/blacklist', {})).status).toBe(400);
    expect(
      (await (await fx.as('viewer01')('GET', '/api/my/blacklist')).json()).list.some(
        (x: { loginId: string }) => x.loginId === 'bj0001',
      ),
    ).toBe(false);
    expect((await fx.as('viewer01')('DELETE', '/api/my/blacklist/bj0001')).status).toBe(404);
    expect((await me('DELETE', '/api/my/blacklist/bj0001')).status).toBe(200);
    expect((await (await me('GET', '/api/my/blacklist')).json()).total).toBe(0);
  });
});

describe('refusals from the catalogue', () => {
  const count = async (path: string, who = 'viewer01') =>
    (await (await fx.as(who)('GET', path)).json()).total as number;

  it('refuses NUL and other control characters with the catalogue 400, writing nothing', async () => {
    const me = fx.as('viewer01');
    const sent = await count('/api/my/messages?division=send');
    const blocked = await count('/api/my/blacklist');
    for (const [method, path, body] of [
      ['POST', '/api/my/messages', { loginId: 'viewer02', content: 'hi\u0000' }],
      ['POST', '/v2/api/my/messages', { loginId: 'viewer02\u0000', content: 'hi' }],
      ['GET', '/api/my/messages/isblock?loginId=viewer02%00', undefined],
      ['POST', '/api/my/blacklist', { loginId: 'bj0001\u0000' }],
      ['DELETE', '/api/my/blacklist/bj0001%00', undefined],
    ] as const) {
      const res = await me(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json(), `${method} ${path}`).toMatchObject({
        error: 'control_characters',
        error_msg: expect.stringMatching(/[가-힣]/),
      });
    }
    expect(await count('/api/my/messages?division=send')).toBe(sent);
    expect(await count('/api/my/blacklist')).toBe(blocked);
  });

  it('keeps what a refusal means in its own words, in the caller’s language', async () => {
    const en = { 'accept-language': 'en' };
    const self = await fx.as('viewer01')('POST', '/api/my/blacklist', { loginId: 'viewer01' }, en);
    expect(await self.json()).toEqual({
      error: 'validation_failed',
      error_msg: 'You cannot block yourself.',
      field: 'loginId',
    });
    const toSelf = await fx.as('viewer01')('POST', '/api/my/messages', { loginId: 'viewer01', content: 'me' });
    expect(await toSelf.json()).toEqual({
      error: 'validation_failed',
      error_msg: '자기 자신에게는 쪽지를 보낼 수 없습니다.',
      field: 'loginId',
    });
    const long = await fx.as('viewer01')(
      'POST',
      '/api/my/messages',
      { loginId: 'viewer02', content: 'x'.repeat(501) },
      en,
    );
    expect(await long.json()).toEqual({
      error: 'validation_failed',
      error_msg: 'Please check content.',
      field: 'content',
    });
    const missing = await fx.as('viewer01')('POST', '/api/my/messages-read/999999', undefined, en);
    expect(await missing.json()).toEqual({ error: 'not_found', error_msg: 'No such message.' });
  });
});

describe('answers in the shapes of domain/answers/messages.ts', () => {
  const shaped = async <S extends v.GenericSchema>(schema: S, res: { json(): Promise<unknown> }) => {
    const body = await res.json();
    expect(v.safeParse(schema, body).issues, JSON.stringify(body)).toBeUndefined();
    return body as v.InferOutput<S>;
  };

  it('answers every message and black-list read as its type says, times as ISO instants', async () => {
    const me = fx.as('viewer02');
    const { msgId } = await shaped(answer.messageSent, await send('viewer01', 'viewer02', 'shape'));
    await shaped(answer.message, await me('POST', `/api/my/messages-read/${msgId}`));
    await shaped(answer.messageBox, await me('GET', '/api/my/messages?division=receive'));
    await shaped(answer.messageBox, await fx.as('viewer01')('GET', '/v2/api/my/messages?division=send'));
    await shaped(answer.unreadCount, await me('GET', '/api/my/messages/unread-count'));
    await shaped(answer.messageBlockCheck, await me('GET', '/api/my/messages/isblock?loginId=viewer01'));
    await shaped(answer.blockChanged, await me('POST', '/api/my/blacklist', { loginId: 'adult01' }));
    await shaped(answer.blacklistPage, await me('GET', '/api/my/blacklist'));
    await shaped(answer.blockedLoginIds, await me('GET', '/api/my/blacklist/ids'));
    await shaped(answer.blockChanged, await me('DELETE', '/api/my/blacklist/adult01'));
    await shaped(answer.messagesDeleted, await me('POST', '/api/my/messages/delete', { msgIds: [msgId] }));
    await shaped(answer.messagesDeleted, await me('POST', '/api/my/messages/alldelete', { division: 'send' }));
  });
});
