import { readdir } from 'node:fs/promises';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as answer from '../../domain/answers/cs.ts';
import { eq } from 'drizzle-orm';
import { csNotices, guides, members } from '../db/schema/index.ts';
import { UPLOAD_FILE_SIZE_MAX_BYTES, UPLOAD_REQUEST_SIZE_MAX_BYTES } from '../storage/limits.ts';
import { fileOf, gifBytes, pngBytes, text } from '../testing/test-files.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { form } from '../testing/requests.ts';

let fx: TestApp;
beforeAll(async () => {
  fx = await openTestApp();
});
afterAll(() => fx.close());

const storedFiles = async () => (await readdir(fx.uploadsDir).catch(() => [])).length;
const inquiry = (extra: Record<string, string> = {}) => ({
  category: 'luv',
  title: '충전 문의',
  content: '러브가 안 들어왔어요',
  ...extra,
});

describe('inquiries', () => {
  it('posts an inquiry with an image, lists it with the attachment, and serves the file safely', async () => {
    const res = await fx.as('viewer01')(
      'POST',
      '/api/cs/inquiry-post',
      form(inquiry(), [fileOf(pngBytes(20, 10), '영수증.png')]),
    );
    expect(res.status).toBe(201);
    const { inquiryId } = await res.json();
    const list = await (await fx.as('viewer01')('GET', '/api/cs/inquiry-list')).json();
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      inquiryId,
      category: 'luv',
      title: '충전 문의',
      status: 'waiting',
      attachments: [{ name: '영수증.png', mime: 'image/png' }],
    });
    const file = await fx.as('viewer01')('GET', list.list[0].attachments[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="___.png"; filename\*=UTF-8''/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pngBytes(20, 10));
    expect((await fx.as('viewer02')('GET', list.list[0].attachments[0].url)).status).toBe(404);
    expect((await fx.as(null)('GET', list.list[0].attachments[0].url)).status).toBe(404);
    const v2 = await (await fx.as('viewer01')('GET', '/v2/api/cs/inquiry-list?offset=0&limit=1')).json();
    expect(v2).toMatchObject({ total: 1, hasNext: false, limit: 1 });
  });

  it.each([
    [
      'HTML disguised as PNG',
      fileOf(text('<html><script>alert(1)</script></html>'), 'x.png'),
      415,
      'file_type_not_allowed',
    ],
    [
      'an SVG with script',
      fileOf(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'),
      415,
      'file_type_not_allowed',
    ],
    [
      'a zip',
      fileOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'x.zip', 'application/zip'),
      415,
      'file_type_not_allowed',
    ],
    ['a pixel flood', fileOf(pngBytes(60_000, 60_000), 'x.png'), 400, 'image_too_large'],
    [
      'an oversized file',
      fileOf(Object.assign(new Uint8Array(UPLOAD_FILE_SIZE_MAX_BYTES + 10), pngBytes()), 'x.png'),
      413,
      'file_too_large',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_name, file, status, code) => {
    const before = await storedFiles();
    const beforeList = (await (await fx.as('viewer02')('GET', '/api/cs/inquiry-list')).json()).total;
    const res = await fx.as('viewer02')(
      'POST',
      '/api/cs/inquiry-post',
      form(inquiry(), [fileOf(gifBytes(), 'ok.gif'), file]),
    );
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error).toBe(code);
    expect(body.error_msg.length).toBeGreaterThan(10);
    expect(await storedFiles()).toBe(before);
    expect((await (await fx.as('viewer02')('GET', '/api/cs/inquiry-list')).json()).total).toBe(beforeList);
  });

  it('caps the request before reading it, and the number of files', async () => {
    const huge = await fx.as('viewer02')('POST', '/api/cs/inquiry-post', 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(UPLOAD_REQUEST_SIZE_MAX_BYTES + 1),
    });
    expect(huge.status).toBe(413);
    const four = [1, 2, 3, 4].map((n) => fileOf(pngBytes(), `${n}.png`));
    expect((await fx.as('viewer02')('POST', '/api/cs/inquiry-post', form(inquiry(), four))).status).toBe(400);
  });

  it.each([
    [inquiry({ category: 'other' })],
    [inquiry({ title: '   ' })],
    [inquiry({ content: 'x'.repeat(4001) })],
    [{ title: 't', content: 'c' }],
  ])('refuses invalid fields %#', async (fields) => {
    const res = await fx.as('viewer02')('POST', '/api/cs/inquiry-post', form(fields));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('validation_failed');
  });

  it('refuses a JSON body where a form is expected', async () => {
    expect((await fx.as('viewer02')('POST', '/api/cs/inquiry-post', inquiry())).status).toBe(415);
  });

  it('deletes only the caller’s own inquiry', async () => {
    const { inquiryId } = await (
      await fx.as('viewer01')('POST', '/api/cs/inquiry-post', form(inquiry({ title: 'to delete' })))
    ).json();
    expect((await fx.as('viewer02')('DELETE', `/api/cs/inquiry-delete/${inquiryId}`)).status).toBe(404);
    expect((await fx.as('viewer01')('DELETE', `/api/cs/inquiry-delete/${inquiryId}`)).status).toBe(200);
    expect((await fx.as('viewer01')('DELETE', `/api/cs/inquiry-delete/${inquiryId}`)).status).toBe(404);
    expect((await fx.as('viewer01')('DELETE', '/api/cs/inquiry-delete/abc')).status).toBe(404);
  });

  it('lets only an operator answer, and the member then sees the answer', async () => {
    const { inquiryId } = await (
      await fx.as('viewer02')('POST', '/api/cs/inquiry-post', form(inquiry({ title: 'answer me' })))
    ).json();
    expect((await fx.as('viewer01')('POST', `/api/cs/inquiry-answer/${inquiryId}`, { answer: 'x' })).status).toBe(403);
    await fx.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    expect((await fx.as('adult01')('POST', `/api/cs/inquiry-answer/${inquiryId}`, { answer: '' })).status).toBe(400);
    expect((await fx.as('adult01')('POST', '/api/cs/inquiry-answer/999999', { answer: 'x' })).status).toBe(404);
    expect(
      await (
        await fx.as('adult01')('POST', `/api/cs/inquiry-answer/${inquiryId}`, { answer: '확인 후 지급했습니다.' })
      ).json(),
    ).toEqual({
      inquiryId,
      status: 'answered',
    });
    const list = await (await fx.as('viewer02')('GET', '/api/cs/inquiry-list')).json();
    expect(list.list.find((q: { inquiryId: number }) => q.inquiryId === inquiryId)).toMatchObject({
      status: 'answered',
      answer: '확인 후 지급했습니다.',
    });
  });

  it('rejects bad paging', async () => {
    for (const q of ['offset=-1', 'limit=0', 'limit=abc', 'offset=1.5'])
      expect((await fx.as('viewer01')('GET', `/api/cs/inquiry-list?${q}`)).status).toBe(400);
  });
});

describe('reports (declarations)', () => {
  it('posts, lists and deletes a report with evidence, only for its reporter', async () => {
    const res = await fx.as('viewer01')(
      'POST',
      '/api/cs/declaration-post',
      form({ category: 'abuse', targetLoginId: 'viewer02', content: '욕설' }, [fileOf(pngBytes(), 'evidence.png')]),
    );
    expect(res.status).toBe(201);
    const { declarationId } = await res.json();
    const list = await (await fx.as('viewer01')('GET', '/api/cs/declaration-list')).json();
    expect(list.list[0]).toMatchObject({
      declarationId,
      targetLoginId: 'viewer02',
      status: 'received',
      attachments: [{ name: 'evidence.png' }],
    });
    expect((await (await fx.as('viewer02')('GET', '/api/cs/declaration-list')).json()).total).toBe(0);
    expect((await fx.as('viewer02')('DELETE', `/api/cs/declaration-delete/${declarationId}`)).status).toBe(404);
    expect((await fx.as('viewer01')('DELETE', `/api/cs/declaration-delete/${declarationId}`)).status).toBe(200);
  });

  it('refuses an unknown target, oneself, and a disguised file', async () => {
    const post = (fields: Record<string, string>, files: File[] = [], headers: Record<string, string> = {}) =>
      fx.as('viewer01')(
        'POST',
        '/api/cs/declaration-post',
        form({ category: 'spam', content: 'x', ...fields }, files),
        headers,
      );
    expect((await post({ targetLoginId: 'nobody00' })).status).toBe(404);
    expect((await post({ targetLoginId: 'viewer01' })).status).toBe(400);
    const proof = () => [fileOf(text('<!doctype html><p>hi'), 'proof.png')];
    const disguised = await post({ targetLoginId: 'viewer02' }, proof(), { 'accept-language': 'en' });
    expect(disguised.status).toBe(415);
    expect((await disguised.json()).error_msg).toBe('Only PNG, JPEG, GIF or WebP images can be attached.');
    expect((await (await post({ targetLoginId: 'viewer02' }, proof())).json()).error_msg).toBe(
      'PNG, JPEG, GIF, WebP 이미지만 첨부할 수 있습니다.',
    );
  });
});

describe('notices and guides', () => {
  beforeAll(async () => {
    await fx.database.db.insert(csNotices).values([
      { kind: 'notice', title: 'N1', content: 'c' },
      { kind: 'notice', title: 'N2', content: 'c' },
      { kind: 'develop', title: 'D1', content: 'c' },
    ]);
    await fx.database.db.insert(guides).values([
      { title: 'ZQ 충전테스트 방법', content: 'c' },
      { title: 'ZQ 100% 환불 안내', content: 'c' },
      { title: 'ZQ Channel Sample', content: 'c' },
    ]);
  });

  it('lists notices for guests and developer notices for operators only, newest first, with paging', async () => {
    const notices = await (await fx.as(null)('GET', '/api/cs/notice-list?limit=1')).json();
    expect(notices.list.map((n: { title: string }) => n.title)).toEqual(['N2']);
    expect(notices.total).toBeGreaterThanOrEqual(2);
    expect((await fx.as(null)('GET', '/api/cs/develop-notice-list')).status).toBe(401);
    expect((await fx.as('viewer01')('GET', '/api/cs/develop-notice-list')).status).toBe(403);
    await fx.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    const dev = await (await fx.as('adult01')('GET', '/api/cs/develop-notice-list')).json();
    expect(dev.list.map((n: { title: string }) => n.title)).toContain('D1');
    expect(dev.list.map((n: { title: string }) => n.title)).not.toContain('N1');
  });

  it('lets only an operator publish a notice', async () => {
    const body = { kind: 'develop', title: 'API 변경', content: 'v2' };
    expect((await fx.as('viewer01')('POST', '/api/cs/notice-post', body)).status).toBe(403);
    expect((await fx.as(null)('POST', '/api/cs/notice-post', body)).status).toBe(401);
    await fx.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    expect((await fx.as('adult01')('POST', '/api/cs/notice-post', { ...body, kind: 'blog' })).status).toBe(400);
    expect((await fx.as('adult01')('POST', '/api/cs/notice-post', body)).status).toBe(201);
    const dev = await (await fx.as('adult01')('GET', '/api/cs/develop-notice-list?limit=1')).json();
    expect(dev.list[0]).toMatchObject({ title: 'API 변경' });
  });

  it('searches guides by title, treating % as a character', async () => {
    const search = async (q: string) =>
      (await (await fx.as(null)('GET', `/api/cs/guide-list?title=${encodeURIComponent(q)}`)).json()).list.map(
        (g: { title: string }) => g.title,
      );
    expect(await search('충전테스트')).toEqual(['ZQ 충전테스트 방법']);
    expect(await search('%')).toEqual(['ZQ 100% 환불 안내']);
    expect(await search('zq channel')).toEqual(['ZQ Channel Sample']);
    expect(await search('없는 제목')).toEqual([]);
    expect((await fx.as(null)('GET', `/api/cs/guide-list?title=${'x'.repeat(51)}`)).status).toBe(400);
  });
});

describe('control characters', () => {
  it('refuses a NUL in the guide search with the catalogue 400', async () => {
    for (const q of ['%00', 'a%00b', '%1B']) {
      const res = await fx.as(null)('GET', `/api/cs/guide-list?title=${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'control_characters' });
    }
  });

  it.each([
    ['/api/cs/inquiry-post', () => inquiry({ title: 'nul\u0000' })],
    ['/api/cs/inquiry-post', () => inquiry({ content: 'c\u0000' })],
    ['/api/cs/inquiry-post', () => ({ ...inquiry(), 'x\u0000': 'key' })],
    ['/api/cs/declaration-post', () => ({ category: 'spam', targetLoginId: 'viewer02\u0000', content: 'x' })],
    ['/api/cs/declaration-post', () => ({ category: 'spam', targetLoginId: 'viewer02', content: '\u001b[31m' })],
  ])('refuses a control character in a text field of %s, storing nothing', async (path, fields) => {
    const before = await storedFiles();
    const inquiries = (await (await fx.as('viewer02')('GET', '/api/cs/inquiry-list')).json()).total;
    const reports = (await (await fx.as('viewer02')('GET', '/api/cs/declaration-list')).json()).total;
    const res = await fx.as('viewer02')('POST', path, form(fields(), [fileOf(pngBytes(), 'ok.png')]));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'control_characters' });
    expect(await storedFiles()).toBe(before);
    expect((await (await fx.as('viewer02')('GET', '/api/cs/inquiry-list')).json()).total).toBe(inquiries);
    expect((await (await fx.as('viewer02')('GET', '/api/cs/declaration-list')).json()).total).toBe(reports);
  });

  it('says why an upload is refused in the caller’s language', async () => {
    const huge = await fx.as('viewer02')('POST', '/api/cs/inquiry-post', 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(UPLOAD_REQUEST_SIZE_MAX_BYTES + 1),
      'accept-language': 'en',
    });
    expect(await huge.json()).toEqual({
      error: 'payload_too_large',
      error_msg: 'The upload is too large. Attach at most 3 images of 5 MB or less.',
    });
    const json = await fx.as('viewer02')('POST', '/api/cs/inquiry-post', inquiry());
    expect(await json.json()).toEqual({
      error: 'unsupported_media_type',
      error_msg: '양식은 multipart/form-data 형식으로 보내 주세요.',
    });
    const four = await fx.as('viewer02')(
      'POST',
      '/api/cs/inquiry-post',
      form(
        inquiry(),
        [1, 2, 3, 4].map((n) => fileOf(pngBytes(), `${n}.png`)),
      ),
    );
    expect(await four.json()).toEqual({ error: 'too_many_files', error_msg: '파일은 3개까지 첨부할 수 있습니다.' });
  });
});

describe('answers in the shapes of domain/answers/cs.ts', () => {
  const shaped = async <S extends v.GenericSchema>(schema: S, res: { json(): Promise<unknown> }) => {
    const body = await res.json();
    expect(v.safeParse(schema, body).issues, JSON.stringify(body)).toBeUndefined();
    return body as v.InferOutput<S>;
  };

  it('answers every customer-service read and change as its type says, times as ISO instants', async () => {
    const me = fx.as('viewer01');
    const sent = await me('POST', '/api/cs/inquiry-post', form(inquiry(), [fileOf(pngBytes(4, 4), 'shape.png')]));
    const { inquiryId } = await shaped(answer.inquirySent, sent);
    await fx.database.db.update(members).set({ memberType: 'O' }).where(eq(members.loginId, 'adult01'));
    const answered = await fx.as('adult01')('POST', `/api/cs/inquiry-answer/${inquiryId}`, { answer: 'ok' });
    await shaped(answer.inquiryAnswered, answered);
    await shaped(answer.inquiryPage, await me('GET', '/api/cs/inquiry-list'));
    await shaped(answer.inquiryScroll, await me('GET', '/v2/api/cs/inquiry-list'));
    await shaped(answer.csRecordDeleted, await me('DELETE', `/api/cs/inquiry-delete/${inquiryId}`));
    const report = { category: 'spam', targetLoginId: 'viewer02', content: 'shape' };
    const reported = await me('POST', '/api/cs/declaration-post', form(report, [fileOf(pngBytes(4, 4), 'r.png')]));
    const { declarationId } = await shaped(answer.declarationSent, reported);
    await shaped(answer.declarationPage, await me('GET', '/api/cs/declaration-list'));
    await shaped(answer.csRecordDeleted, await me('DELETE', `/api/cs/declaration-delete/${declarationId}`));
    const notice = { kind: 'notice', title: 'shape', content: 'c' };
    await shaped(answer.csNoticeMade, await fx.as('adult01')('POST', '/api/cs/notice-post', notice));
    await shaped(answer.csNoticePage, await fx.as(null)('GET', '/api/cs/notice-list'));
    await shaped(answer.csNoticePage, await fx.as('adult01')('GET', '/api/cs/develop-notice-list'));
    await shaped(answer.guidePage, await fx.as(null)('GET', '/api/cs/guide-list?title=ZQ'));
  });
});
