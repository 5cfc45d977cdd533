import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return import('./cs.ts');
}

const page = (total: number) => ({ list: [], total, offset: 0, limit: 10 });

beforeEach(() => {
  vi.unstubAllGlobals();
  fakePage({ signedIn: true });
});

describe('customer service texts', () => {
  it('guides search titles from the first page; paging keeps the search; opening the tab again starts over', async () => {
    const api = fakeApi({ 'GET /api/cs/guide-list': { body: page(30) } });
    const cs = await fresh();
    const guides = cs.csTexts.guide;
    await guides.show(20);
    await guides.search('  환불 ');
    await guides.show(10);
    await guides.open();
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'offset=20&limit=10',
      'offset=0&limit=10&title=%ED%99%98%EB%B6%88',
      'offset=10&limit=10&title=%ED%99%98%EB%B6%88',
      'offset=0&limit=10',
    ]);
    expect(guides.$state.get()).toMatchObject({ offset: 0, search: '', page: { total: 30 } });
  });

  it('notices and developer notices have their own lists', async () => {
    const api = fakeApi({
      'GET /api/cs/notice-list': { body: page(1) },
      'GET /api/cs/develop-notice-list': refusal(500, 'internal'),
    });
    const cs = await fresh();
    await cs.csTexts.notice.open();
    await cs.csTexts.develop.open();
    expect(cs.csTexts.notice.$state.get().page?.total).toBe(1);
    expect(cs.csTexts.develop.$state.get().failure?.status).toBe(500);
    expect(api.calls).toHaveLength(2);
  });
});

describe('own records', () => {
  it('a sent form is announced and the list goes back to its first page; a refused one keeps the list as it was', async () => {
    const api = fakeApi({
      'GET /api/cs/declaration-list': { body: page(1) },
      'POST /api/cs/declaration-post': { body: { declarationId: 1 } },
    });
    const cs = await fresh();
    await cs.declarations.show(10);
    expect(await cs.declarations.send(new FormData())).toBe(true);
    expect(cs.declarations.$state.get()).toMatchObject({ offset: 0, sent: true, busy: false, formFailure: null });
    api.answer(
      'POST /api/cs/declaration-post',
      refusal(415, 'file_type_not_allowed', 'PNG, JPEG, GIF, WebP 이미지만 첨부할 수 있습니다.'),
    );
    expect(await cs.declarations.send(new FormData())).toBe(false);
    expect(cs.declarations.$state.get()).toMatchObject({
      sent: false,
      formFailure: { code: 'file_type_not_allowed' },
      failure: null,
    });
    expect(api.callsTo('GET /api/cs/declaration-list')).toHaveLength(2);
  });

  it('deleting reads the same page again; a refusal is shown on the list', async () => {
    const api = fakeApi({
      'GET /v2/api/cs/inquiry-list': { body: page(12) },
      'DELETE /api/cs/inquiry-delete/3': { body: { ok: true } },
    });
    const cs = await fresh();
    await cs.inquiries.show(10);
    await cs.inquiries.remove(3);
    expect(api.callsTo('GET /v2/api/cs/inquiry-list').map((c) => c.query.get('offset'))).toEqual(['10', '10']);
    await cs.inquiries.remove(4);
    expect(cs.inquiries.$state.get().failure?.status).toBe(404);
  });
});
