import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return import('./boards.ts');
}

const detail = (patch = {}) => ({
  boardId: 4,
  channelId: 2,
  category: 'free',
  title: 't',
  important: false,
  likes: 0,
  author: { loginId: 'v', nickname: 'V' },
  createdAt: '',
  content: 'c',
  liked: false,
  attachments: [],
  canEdit: true,
  canDelete: true,
  isOwner: true,
  ...patch,
});
const POST = {
  'GET /api/cs/board-detail': { body: detail() },
  'GET /api/cs/board-comment': { body: { list: [], total: 0 } },
};

beforeEach(() => {
  vi.unstubAllGlobals();
  fakePage();
});

describe('a channel board', () => {
  it('reads the address: small positive ids only', async () => {
    const boards = await fresh();
    expect(boards.boardAddress('?channelId=12&boardId=3')).toEqual({ channelId: 12, boardId: 3 });
    expect(boards.boardAddress('?channelId=1e3&boardId=')).toEqual({ channelId: null, boardId: null });
    expect(boards.boardAddress('?channelId=1234567890')).toEqual({ channelId: null, boardId: null });
  });

  it('lists a page and what the viewer may do there', async () => {
    const api = fakeApi({
      'GET /api/cs/board-list': { body: { list: [], total: 41 } },
      'GET /api/cs/board-setting-check': { body: { writePermission: 'all', canWrite: true, canComment: true, isOwner: false } },
    });
    const boards = await fresh();
    await boards.loadBoard(2, 20);
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ channelId: '2', offset: '20', limit: String(boards.BOARD_PAGE_LIMIT) });
    expect(boards.$board.get()).toMatchObject({ channelId: 2, offset: 20, page: { total: 41 }, setting: { canWrite: true }, failure: null });
  });

  it('the owner’s important toggle sends the opposite of what is shown and says what it did', async () => {
    const api = fakeApi({ ...POST, 'PUT /api/cs/board-important/2/4': { body: { important: true } } });
    const boards = await fresh();
    await boards.openPost(4);
    expect(await boards.toggleImportant()).toBe(true);
    expect(api.callsTo('PUT /api/cs/board-important/2/4')[0]!.body).toEqual({ important: true });
    expect(boards.$boardPost.get().important).toBe('on');
    expect(api.callsTo('GET /api/cs/board-detail')).toHaveLength(2);
  });

  it('a refused comment keeps the post and shows the refusal; deleting answers whether it is gone', async () => {
    fakeApi({
      ...POST,
      'POST /api/cs/board-comment': refusal(400, 'validation_failed', '입력한 내용을 확인해 주세요.'),
      'DELETE /api/cs/board-delete/4': { body: { ok: true } },
    });
    const boards = await fresh();
    await boards.openPost(4);
    expect(await boards.addComment('')).toBe(false);
    expect(boards.$boardPost.get()).toMatchObject({ post: { boardId: 4 }, failure: { message: '입력한 내용을 확인해 주세요.' } });
    expect(await boards.deletePost()).toBe(true);
  });

  it('opening another post forgets the last one (an answer for it that comes late is dropped)', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const api = fakeApi();
    api.answer('GET /api/cs/board-detail', async (c) => {
      const boardId = Number(c.query.get('boardId'));
      if (boardId === 4) await held;
      return { body: detail({ boardId }) };
    });
    api.answer('GET /api/cs/board-comment', { body: { list: [], total: 0 } });
    const boards = await fresh();
    const slow = boards.openPost(4);
    await boards.openPost(5);
    release();
    await slow;
    expect(boards.$boardPost.get()).toMatchObject({ boardId: 5, post: { boardId: 5 } });
  });
});
