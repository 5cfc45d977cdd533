import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as answer from '../../domain/answers/boards.ts';
import { fileOf, pngBytes, text } from '../testing/test-files.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { form } from '../testing/requests.ts';

let fx: TestApp;
let ch: number;
beforeAll(async () => {
  fx = await openTestApp();
  ch = fx.channelIds.bj0001!;
});
afterAll(() => fx.close());

const write = async (who: string, fields: Record<string, string | number> = {}, files: File[] = []) =>
  fx.as(who)(
    'POST',
    '/api/cs/board-write',
    form({ channelId: ch, category: 'free', title: '안녕하세요', content: '첫 글', ...fields }, files),
  );
const newPost = async (who = 'viewer01', fields: Record<string, string | number> = {}) =>
  (await (await write(who, fields)).json()).boardId as number;

describe('board posts', () => {
  it('writes a post with an image and shows it in the list and detail', async () => {
    const res = await write('viewer01', { title: '사진 글' }, [fileOf(pngBytes(3, 3), 'pic.png')]);
    expect(res.status).toBe(201);
    const { boardId } = await res.json();
    const list = await (await fx.as(null)('GET', `/api/cs/board-list?channelId=${ch}`)).json();
    expect(list.list[0]).toMatchObject({
      boardId,
      channelId: ch,
      title: '사진 글',
      important: false,
      likes: 0,
      comments: 0,
      author: { loginId: 'viewer01' },
    });
    const detail = await (await fx.as('viewer01')('GET', `/api/cs/board-detail?boardId=${boardId}`)).json();
    expect(detail).toMatchObject({
      boardId,
      content: '첫 글',
      canEdit: true,
      canDelete: true,
      isOwner: false,
      attachments: [{ name: 'pic.png' }],
    });
    expect((await fx.as(null)('GET', detail.attachments[0].url)).status).toBe(200);
    const asOwner = await (await fx.as('bj0001')('GET', `/api/cs/board-detail/${boardId}`)).json();
    expect(asOwner).toMatchObject({ canEdit: false, canDelete: true, isOwner: true });
  });

  it('refuses invalid posts and unknown channels', async () => {
    expect((await write('viewer01', { title: '' })).status).toBe(400);
    expect((await write('viewer01', { category: 'gossip' })).status).toBe(400);
    expect((await write('viewer01', { channelId: 'abc' })).status).toBe(400);
    expect((await write('viewer01', { channelId: 99999 })).status).toBe(404);
    expect((await write('viewer01', {}, [fileOf(text('<svg onload=alert(1)>'), 'a.png')])).status).toBe(415);
    expect((await fx.as(null)('GET', '/api/cs/board-list')).status).toBe(400);
    expect((await fx.as(null)('GET', '/api/cs/board-detail?boardId=999999')).status).toBe(404);
  });

  it('caps a post at 3 files over all its edits, keeping the post as it was', async () => {
    const post = await write('viewer01', { title: '세 장' }, [
      fileOf(pngBytes(2, 2), 'a.png'),
      fileOf(pngBytes(2, 2), 'b.png'),
    ]);
    const { boardId } = await post.json();
    const update = (title: string, files: File[]) =>
      fx.as('viewer01')(
        'PUT',
        '/api/cs/board-update',
        form({ boardId, category: 'free', title, content: '첫 글' }, files),
      );
    expect((await update('한 장 더', [fileOf(pngBytes(2, 2), 'c.png')])).status).toBe(200);
    const refused = await update('넘침', [fileOf(pngBytes(2, 2), 'd.png')]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'too_many_files' });
    const detail = await (await fx.as(null)('GET', `/api/cs/board-detail?boardId=${boardId}`)).json();
    expect(detail.title).toBe('한 장 더');
    expect(detail.attachments.map((a: { name: string }) => a.name)).toEqual(['a.png', 'b.png', 'c.png']);
  });

  it('keeps the notice category for the owner', async () => {
    expect((await write('viewer01', { category: 'notice' })).status).toBe(403);
    expect((await write('bj0001', { category: 'notice' })).status).toBe(201);
  });

  it('lets only the author edit, and the author or the owner delete', async () => {
    const boardId = await newPost('viewer01');
    const update = (who: string, fields: Record<string, string | number> = {}) =>
      fx.as(who)(
        'PUT',
        '/api/cs/board-update',
        form({ boardId, category: 'fan', title: '수정됨', content: '고침', ...fields }),
      );
    expect((await update('viewer02')).status).toBe(403);
    expect((await update('bj0001')).status).toBe(403);
    expect((await update('viewer01', { title: '' })).status).toBe(400);
    expect((await update('viewer01')).status).toBe(200);
    expect(await (await fx.as(null)('GET', `/api/cs/board-detail?boardId=${boardId}`)).json()).toMatchObject({
      title: '수정됨',
      category: 'fan',
    });
    expect((await fx.as('viewer02')('DELETE', `/api/cs/board-delete/${boardId}`)).status).toBe(403);
    expect((await fx.as('bj0001')('DELETE', `/api/cs/board-delete/${boardId}`)).status).toBe(200);
    expect((await fx.as(null)('GET', `/api/cs/board-detail?boardId=${boardId}`)).status).toBe(404);
    expect((await update('viewer01')).status).toBe(404);
  });

  it('lets only the channel owner mark a post important, which lists it first', async () => {
    const first = await newPost('viewer01', { title: 'old' });
    await newPost('viewer02', { title: 'newer' });
    expect((await fx.as('viewer01')('PUT', `/api/cs/board-important/${ch}/${first}`)).status).toBe(403);
    expect((await fx.as(null)('PUT', `/api/cs/board-important/${ch}/${first}`)).status).toBe(401);
    const res = await fx.as('bj0001')('PUT', `/api/cs/board-important/${ch}/${first}`, { important: true });
    expect(await res.json()).toEqual({ boardId: first, channelId: ch, important: true });
    const list = await (await fx.as(null)('GET', `/api/cs/board-list?channelId=${ch}`)).json();
    expect(list.list[0]).toMatchObject({ boardId: first, important: true });
    expect(await (await fx.as('bj0001')('PUT', `/api/cs/board-important/${ch}/${first}`)).json()).toMatchObject({
      important: false,
    });
    expect((await fx.as('bj0001')('PUT', `/api/cs/board-important/${ch}/999999`)).status).toBe(404);
  });
});

describe('likes and comments', () => {
  it('toggles a like and reports count and likers', async () => {
    const boardId = await newPost();
    const like = (who: string) => fx.as(who)('POST', '/api/cs/board-like', { boardId });
    expect(await (await like('viewer02')).json()).toEqual({ boardId, liked: true, likeCount: 1 });
    expect(await (await like('adult01')).json()).toMatchObject({ liked: true, likeCount: 2 });
    expect(await (await fx.as('viewer02')('GET', `/api/cs/board-likeCount/${boardId}`)).json()).toEqual({
      boardId,
      likeCount: 2,
      liked: true,
    });
    const users = await (await fx.as(null)('GET', `/api/cs/board-like-User/${boardId}`)).json();
    expect(users.list.map((u: { loginId: string }) => u.loginId).sort()).toEqual(['adult01', 'viewer02']);
    expect(await (await like('viewer02')).json()).toMatchObject({ liked: false, likeCount: 1 });
    expect((await fx.as(null)('POST', '/api/cs/board-like', { boardId })).status).toBe(401);
    expect((await fx.as('viewer02')('POST', '/api/cs/board-like', { boardId: 'x' })).status).toBe(400);
    expect((await fx.as('viewer02')('POST', '/api/cs/board-like', { boardId: 999999 })).status).toBe(404);
    for (const bad of [2 ** 40, -1, 1.5, '1e3', null])
      expect((await fx.as('viewer02')('POST', '/api/cs/board-like', { boardId: bad })).status, String(bad)).toBe(400);
    expect((await fx.as('viewer02')('POST', '/api/cs/board-comment', { boardId: 2 ** 40, content: 'x' })).status).toBe(
      400,
    );
  });

  it('adds, lists and deletes comments with the right permissions', async () => {
    const boardId = await newPost('viewer01');
    const add = (who: string, content: string) => fx.as(who)('POST', '/api/cs/board-comment', { boardId, content });
    expect((await add('viewer02', '좋아요')).status).toBe(201);
    const { commentId } = await (await add('adult01', '저도요')).json();
    expect((await add('viewer02', '')).status).toBe(400);
    const list = await (await fx.as('viewer02')('GET', `/api/cs/board-comment?boardId=${boardId}`)).json();
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({
      commentId,
      content: '저도요',
      canDelete: false,
      author: { loginId: 'adult01' },
    });
    expect((await fx.as('viewer02')('DELETE', `/api/cs/board-comment/${commentId}`)).status).toBe(403);
    expect((await fx.as('bj0001')('DELETE', `/api/cs/board-comment/${commentId}`)).status).toBe(200);
    expect((await fx.as('bj0001')('DELETE', `/api/cs/board-comment/${commentId}`)).status).toBe(404);
  });
});

describe('board settings and new posts', () => {
  it('reports what the caller may do, and lets only the owner restrict writing', async () => {
    expect(await (await fx.as(null)('GET', `/api/cs/board-setting-check?channelId=${ch}`)).json()).toMatchObject({
      canWrite: false,
      isOwner: false,
      writePermission: 'all',
    });
    expect(await (await fx.as('viewer01')('GET', `/api/cs/board-setting-check?channelId=${ch}`)).json()).toMatchObject({
      canWrite: true,
      isOwner: false,
    });
    const set = (who: string, body: unknown) => fx.as(who)('PUT', `/api/cs/board-setting/${ch}`, body);
    expect((await set('viewer01', { writePermission: 'owner', commentsEnabled: true })).status).toBe(403);
    expect((await set('bj0001', { writePermission: 'nobody', commentsEnabled: true })).status).toBe(400);
    expect((await set('bj0001', { writePermission: 'owner', commentsEnabled: false })).status).toBe(200);
    expect(await (await fx.as('viewer01')('GET', `/api/cs/board-setting-check?channelId=${ch}`)).json()).toMatchObject({
      canWrite: false,
      canComment: false,
    });
    expect((await write('viewer01')).status).toBe(403);
    const own = await newPost('bj0001');
    expect((await fx.as('viewer01')('POST', '/api/cs/board-comment', { boardId: own, content: 'hi' })).status).toBe(
      403,
    );
    await set('bj0001', { writePermission: 'all', commentsEnabled: true });
  });

  it('tells a guest whether a newer post exists', async () => {
    const latest = await newPost();
    expect(
      await (await fx.as(null)('GET', `/api/guest/find-new-board?channelId=${ch}&lastBoardId=${latest - 1}`)).json(),
    ).toMatchObject({
      hasNew: true,
      latestBoardId: latest,
    });
    expect(
      await (await fx.as(null)('GET', `/api/guest/find-new-board?channelId=${ch}&lastBoardId=${latest}`)).json(),
    ).toMatchObject({ hasNew: false });
    expect((await fx.as(null)('GET', '/api/guest/find-new-board')).status).toBe(400);
  });
});

describe('refusals', () => {
  it('asks who is calling before reading the body: a viewer gets 403 from owner-only routes whatever they send', async () => {
    const boardId = await newPost('viewer01');
    for (const [method, path, body] of [
      ['PUT', `/api/cs/board-setting/${ch}`, {}],
      ['PUT', `/api/cs/board-setting/${ch}`, { writePermission: 'nobody\u0000' }],
      ['PUT', `/api/cs/board-important/${ch}/${boardId}`, { important: 'yes' }],
      ['PUT', `/api/cs/board-important/${ch}/${boardId}`, 'not json'],
    ] as const) {
      const res = await fx.as('viewer01')(method, path, body, { 'accept-language': 'en' });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'forbidden',
        error_msg: expect.stringMatching(/^Only the channel owner can/),
      });
    }
    expect(
      (await fx.as('bj0001')('PUT', `/api/cs/board-important/${ch}/${boardId}`, { important: 'yes' })).status,
    ).toBe(400);
    expect((await fx.as('bj0001')('PUT', `/api/cs/board-setting/${ch}`, {})).status).toBe(400);
  });

  it('refuses a NUL in a comment with the catalogue 400 and writes nothing', async () => {
    const boardId = await newPost('viewer01');
    const res = await fx.as('viewer02')('POST', '/api/cs/board-comment', { boardId, content: 'hi\u0000there' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'control_characters' });
    expect((await (await fx.as(null)('GET', `/api/cs/board-comment?boardId=${boardId}`)).json()).total).toBe(0);
  });

  it('refuses a NUL in any text field of a post, written or edited, and writes nothing', async () => {
    const boardId = await newPost('viewer01', { title: 'before' });
    const total = async () =>
      (await (await fx.as(null)('GET', `/api/cs/board-list?channelId=${ch}`)).json()).total as number;
    const before = await total();
    for (const field of ['title', 'content', 'category']) {
      const written = await write('viewer01', { [field]: 'a\u0000b' }, [fileOf(pngBytes(2, 2), 'a.png')]);
      expect(written.status, field).toBe(400);
      expect(await written.json()).toMatchObject({ error: 'control_characters' });
      const edited = await fx.as('viewer01')(
        'PUT',
        '/api/cs/board-update',
        form({ boardId, category: 'free', title: 'after', content: 'c', [field]: 'a\u0000b' }, [
          fileOf(pngBytes(2, 2), 'b.png'),
        ]),
      );
      expect(edited.status, field).toBe(400);
      expect(await edited.json()).toMatchObject({ error: 'control_characters' });
    }
    expect(await total()).toBe(before);
    expect(await (await fx.as(null)('GET', `/api/cs/board-detail/${boardId}`)).json()).toMatchObject({
      title: 'before',
      attachments: [],
    });
  });

  it('answers a missing post in its own words', async () => {
    const res = await fx.as(null)('GET', '/api/cs/board-detail/999999', undefined, { 'accept-language': 'en' });
    expect(await res.json()).toEqual({ error: 'not_found', error_msg: 'No such post.' });
    expect((await fx.as(null)('GET', '/api/cs/board-detail/abc')).status).toBe(404);
  });
});

describe('answers in the shapes of domain/answers/boards.ts', () => {
  const shaped = async <S extends v.GenericSchema>(schema: S, res: { json(): Promise<unknown> }) => {
    const body = await res.json();
    expect(v.safeParse(schema, body).issues, JSON.stringify(body)).toBeUndefined();
    return body as v.InferOutput<S>;
  };

  it('answers every board read and change as its type says, times as ISO instants', async () => {
    const owner = fx.as('bj0001');
    const me = fx.as('viewer01');
    const { boardId } = await shaped(answer.boardSaved, await write('viewer01', {}, [fileOf(pngBytes(2, 2), 'a.png')]));
    const edit = form({ boardId, category: 'free', title: 'shape', content: 'c' });
    await shaped(answer.boardSaved, await me('PUT', '/api/cs/board-update', edit));
    await shaped(answer.boardList, await fx.as(null)('GET', `/api/cs/board-list?channelId=${ch}`));
    await shaped(answer.boardDetail, await fx.as(null)('GET', `/api/cs/board-detail?boardId=${boardId}`));
    await shaped(answer.boardDetail, await me('GET', `/api/cs/board-detail/${boardId}`));
    await shaped(answer.boardImportant, await owner('PUT', `/api/cs/board-important/${ch}/${boardId}`, {}));
    const commented = await me('POST', '/api/cs/board-comment', { boardId, content: 'c' });
    const { commentId } = await shaped(answer.boardCommented, commented);
    await shaped(answer.boardComments, await me('GET', `/api/cs/board-comment?boardId=${boardId}`));
    await shaped(answer.boardLikeToggled, await me('POST', '/api/cs/board-like', { boardId }));
    await shaped(answer.boardLikeCount, await me('GET', `/api/cs/board-likeCount/${boardId}`));
    await shaped(answer.boardLikers, await fx.as(null)('GET', `/api/cs/board-like-User/${boardId}`));
    await shaped(answer.boardSetting, await fx.as(null)('GET', `/api/cs/board-setting-check?channelId=${ch}`));
    const setting = { writePermission: 'all', commentsEnabled: true };
    await shaped(answer.boardSettingSaved, await owner('PUT', `/api/cs/board-setting/${ch}`, setting));
    await shaped(answer.boardNews, await fx.as(null)('GET', `/api/guest/find-new-board?channelId=${ch}`));
    await shaped(answer.boardDeleted, await me('DELETE', `/api/cs/board-comment/${commentId}`));
    await shaped(answer.boardDeleted, await me('DELETE', `/api/cs/board-delete/${boardId}`));
  });
});
