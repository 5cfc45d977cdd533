import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_CONTENT_LENGTH_MAX } from '../../domain/limits.ts';
import { INVALID_INPUT } from '../lib/form-input.ts';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return { messages: await import('./messages.ts'), blocking: await import('./blocking.ts') };
}

const PROFILE = { memberId: 1, loginId: 'viewer02', nickname: 'V', memberType: 'V', PI: false, settings: {} };
const message = (msgId: number, read = false) => ({
  msgId,
  division: 'receive',
  loginId: 'adult01',
  nickname: 'A',
  targetId: 'viewer02',
  targetNickname: 'V',
  content: 'hi',
  read,
  createdAt: '',
});
const LIST = 'GET /v2/api/my/messages';

beforeEach(() => {
  vi.unstubAllGlobals();
  fakePage({ signedIn: true });
});

describe('the messages page', () => {
  it('reads the tab’s page and takes the unread count from it', async () => {
    const api = fakeApi({ [LIST]: { body: { list: [message(1)], total: 1, offset: 0, limit: 20, unread: 3 } } });
    const { messages } = await fresh();
    await messages.loadMessages();
    expect(api.calls[0]!.query.get('division')).toBe('receive');
    expect(messages.$messageBox.get().page).toEqual({ list: [message(1)], total: 1, offset: 0, limit: 20 });
    expect(messages.$unreadMessages.get()).toBe(3);
    messages.chooseMessageTab('compose');
    await messages.loadMessages();
    expect(api.calls).toHaveLength(1);
  });

  it('opening a message reads it, then the list and the badge again', async () => {
    const api = fakeApi({
      'GET /api/my/profile': { body: PROFILE },
      'POST /v2/api/my/messages-read/1': { body: message(1, true) },
      [LIST]: { body: { list: [message(1, true)], total: 1, offset: 0, limit: 20, unread: 0 } },
      'GET /api/my/messages/unread-count': { body: { unread: 0 } },
    });
    const { messages } = await fresh();
    await messages.openMessage(1);
    expect(messages.$messageBox.get().open).toEqual(message(1, true));
    await vi.waitFor(() => expect(api.callsTo('GET /api/my/messages/unread-count')).toHaveLength(1));
  });

  it('blocking the sender of the opened message says so, and the black list and blocked IDs follow', async () => {
    const api = fakeApi({
      'GET /api/my/profile': { body: PROFILE },
      'POST /v2/api/my/messages-read/1': { body: message(1) },
      [LIST]: { body: { list: [message(1)], total: 1, offset: 0, limit: 20, unread: 1 } },
      'POST /api/my/blacklist': { body: { ok: true } },
      'GET /api/my/blacklist': { body: { list: [{ loginId: 'adult01', nickname: 'A', createdAt: '' }] } },
      'GET /api/my/blacklist/ids': { body: { loginIds: ['adult01'] } },
    });
    const { messages, blocking } = await fresh();
    await messages.openMessage(1);
    await messages.blockSender();
    expect(api.callsTo('POST /api/my/blacklist')[0]!.body).toEqual({ loginId: 'adult01' });
    expect(messages.$messageBox.get()).toMatchObject({ done: 'blocked', openFailure: null });
    expect(messages.$blacklist.get().list).toHaveLength(1);
    await vi.waitFor(() => expect(blocking.isBlockedLoginId('adult01')).toBe(true));
  });

  it('a refused action on the opened message keeps the message open with the refusal', async () => {
    fakeApi({
      'POST /v2/api/my/messages-read/1': { body: message(1) },
      [LIST]: { body: { list: [message(1)], total: 1, offset: 0, limit: 20, unread: 1 } },
      'POST /api/my/messages/declaration/1': refusal(409, 'already_reported', '이미 신고한 쪽지입니다.'),
    });
    const { messages } = await fresh();
    await messages.openMessage(1);
    await messages.reportOpenMessage();
    expect(messages.$messageBox.get()).toMatchObject({
      open: { msgId: 1 },
      done: null,
      openFailure: { code: 'already_reported', message: '이미 신고한 쪽지입니다.' },
    });
  });

  it('deleting the opened message closes it; reply opens the compose tab addressed to the other member', async () => {
    const api = fakeApi({
      'POST /v2/api/my/messages-read/1': { body: message(1) },
      [LIST]: { body: { list: [], total: 0, offset: 0, limit: 20, unread: 0 } },
      'POST /api/my/messages/delete': { body: { ok: true } },
    });
    const { messages } = await fresh();
    await messages.openMessage(1);
    await messages.deleteOpenMessage();
    expect(api.callsTo('POST /api/my/messages/delete')[0]!.body).toEqual({ msgIds: [1] });
    expect(messages.$messageBox.get().open).toBeNull();
    messages.replyTo('adult01');
    expect(messages.$messageBox.get()).toMatchObject({ tab: 'compose', replyTo: 'adult01' });
  });

  it('sending answers the refusal as a value', async () => {
    fakeApi({ 'POST /v2/api/my/messages': refusal(403, 'message_blocked', '상대방이 쪽지를 받지 않습니다.') });
    const { messages } = await fresh();
    expect(await messages.sendMessage('adult01', 'hi')).toEqual({
      status: 403,
      code: 'message_blocked',
      message: '상대방이 쪽지를 받지 않습니다.',
    });
  });

  it(
    'a message or a block the API would refuse (messageSendBody, blockBody) is refused before any call; a good one ' +
      'goes trimmed',
    async () => {
      const api = fakeApi({
        'GET /api/my/profile': { body: PROFILE },
        'POST /v2/api/my/messages': { body: { msgId: 9 } },
        'GET /api/my/messages/unread-count': { body: { unread: 0 } },
      });
      const { messages } = await fresh();
      expect(await messages.sendMessage('adult01', '   ')).toEqual(INVALID_INPUT);
      expect(await messages.sendMessage('', 'hi')).toEqual(INVALID_INPUT);
      expect(await messages.sendMessage('adult01', 'x'.repeat(MESSAGE_CONTENT_LENGTH_MAX + 1))).toEqual(INVALID_INPUT);
      expect(await messages.addToBlacklist(' ')).toBe(false);
      expect(messages.$blacklist.get().failure).toEqual(INVALID_INPUT);
      expect(api.calls).toHaveLength(0);
      expect(await messages.sendMessage(' adult01 ', ' hi ')).toBeNull();
      expect(api.callsTo('POST /v2/api/my/messages')[0]!.body).toEqual({ loginId: 'adult01', content: 'hi' });
    },
  );
});

describe('unread count and blocked IDs', () => {
  it('a guest has no unread messages and no blocked IDs, and nothing is asked', async () => {
    fakePage({ signedIn: false });
    const api = fakeApi();
    const { messages, blocking } = await fresh();
    expect(await messages.refreshUnread()).toBe(0);
    expect((await blocking.loadBlocked()).size).toBe(0);
    expect(api.calls).toHaveLength(0);
  });

  it('a failed read keeps the last count and the last blocked IDs', async () => {
    const api = fakeApi({
      'GET /api/my/profile': { body: PROFILE },
      'GET /api/my/messages/unread-count': { body: { unread: 4 } },
      'GET /api/my/blacklist/ids': { body: { loginIds: ['x'] } },
    });
    const { messages, blocking } = await fresh();
    expect(await messages.refreshUnread()).toBe(4);
    await blocking.loadBlocked();
    api.answer('GET /api/my/messages/unread-count', 'network');
    api.answer('GET /api/my/blacklist/ids', 'network');
    expect(await messages.refreshUnread()).toBe(4);
    expect([...(await blocking.loadBlocked({ force: true }))]).toEqual(['x']);
  });
});
