import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_COMMENT_LENGTH_MAX, PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { BOARD_CATEGORIES, BOARD_OWNER_ONLY_CATEGORY } from '../../domain/categories.ts';
import { INVALID_INPUT } from '../lib/form-input.ts';
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
      'GET /api/cs/board-setting-check': {
        body: { writePermission: 'all', canWrite: true, canComment: true, isOwner: false },
      },
    });
    const boards = await fresh();
    await boards.loadBoard(2, 20);
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({
      channelId: '2',
      offset: '20',
      limit: String(PAGE_LIMIT_DEFAULT),
    });
    expect(boards.$board.get()).toMatchObject({
      channelId: 2,
      offset: 20,
      page: { total: 41 },
      setting: { canWrite: true },
      failure: null,
    });
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
    expect(await boards.addComment('hello')).toBe(false);
    expect(boards.$boardPost.get()).toMatchObject({
      post: { boardId: 4 },
      failure: { message: '입력한 내용을 확인해 주세요.' },
    });
    expect(await boards.deletePost()).toBe(true);
  });

  it('a comment is checked with the API’s rule before it is sent, and sent trimmed', async () => {
    const api = fakeApi({ ...POST, 'POST /api/cs/board-comment': { body: { commentId: 1 } } });
    const boards = await fresh();
    await boards.openPost(4);
    expect(boards.commentReady('   ')).toBe(false);
    expect(boards.commentReady('x'.repeat(BOARD_COMMENT_LENGTH_MAX + 1))).toBe(false);
    expect(await boards.addComment('   ')).toBe(false);
    expect(boards.$boardPost.get().failure).toEqual(INVALID_INPUT);
    expect(api.callsTo('POST /api/cs/board-comment')).toHaveLength(0);
    expect(boards.commentReady(' hi ')).toBe(true);
    expect(await boards.addComment(' hi ')).toBe(true);
    expect(api.callsTo('POST /api/cs/board-comment')[0]!.body).toEqual({ boardId: 4, content: 'hi' });
  });

  it('only the channel owner may choose the owner-only category', async () => {
    const boards = await fresh();
    expect(boards.boardCategoriesFor(false)).not.toContain(BOARD_OWNER_ONLY_CATEGORY);
    expect(boards.boardCategoriesFor(true)).toEqual([...BOARD_CATEGORIES]);
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
