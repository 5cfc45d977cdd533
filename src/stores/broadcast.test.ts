import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { broadcastBody } from '../../domain/schemas/broadcast.ts';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';
import { bodyOf, draftError, type BroadcastDraft } from './broadcast.ts';

const draft = (patch: Partial<BroadcastDraft> = {}): BroadcastDraft => ({ title: '같이 공부해요', themeId: 6, password: '', removePassword: false, ...patch });

describe('broadcast panel drafts', () => {
  it('checks the title and the password length rule before sending', () => {
    expect(draftError(draft())).toBeNull();
    expect(draftError(draft({ title: '   ' }))).toBe('title');
    expect(draftError(draft({ title: 'x'.repeat(101) }))).toBe('title');
    expect(draftError(draft({ password: 'abc' }))).toBe('password');
    expect(draftError(draft({ password: '가나다라' }))).toBeNull();
    expect(draftError(draft({ password: 'x'.repeat(21) }))).toBe('password');
    // Removing the password ignores whatever is in the field.
    expect(draftError(draft({ password: 'abc', removePassword: true }))).toBeNull();
  });

  it('sends a typed password, null to remove it, and nothing to keep it; every body passes the API schema', () => {
    expect(bodyOf('start', draft({ title: '  제목  ', password: 'pass1' }))).toEqual({ on: true, title: '제목', themeId: 6, password: 'pass1' });
    expect(bodyOf('save', draft({ removePassword: true, password: 'ignored' }))).toEqual({ on: true, title: '같이 공부해요', themeId: 6, password: null });
    expect(bodyOf('save', draft({ themeId: null }))).toEqual({ on: true, title: '같이 공부해요', themeId: null });
    expect(bodyOf('stop', draft({ password: 'pass1' }))).toEqual({ on: false });
    for (const body of [bodyOf('start', draft({ password: 'pass1' })), bodyOf('save', draft({ removePassword: true })), bodyOf('stop', draft())]) {
      expect(v.safeParse(broadcastBody, body).success, JSON.stringify(body)).toBe(true);
    }
  });
});

describe('broadcast panel actions', () => {
  const state = { channelId: 7, broadcasting: true, title: '같이 공부해요', themeId: 6, hasPassword: false, streamId: 1, startedAt: null };
  beforeEach(() => {
    vi.unstubAllGlobals();
    fakePage({ signedIn: true });
  });
  async function fresh() {
    vi.resetModules();
    return import('./broadcast.ts');
  }

  it('a draft error is found before anything is sent, and each attempt counts (focus moves again)', async () => {
    const api = fakeApi({ 'GET /api/channels/7/broadcast': { body: state } });
    const b = await fresh();
    await b.loadBroadcast(7);
    b.editDraft({ title: ' ' });
    expect(await b.runBroadcast('save')).toBe(false);
    expect(await b.runBroadcast('save')).toBe(false);
    expect(b.$broadcastPanel.get()).toMatchObject({ error: 'title', attempt: 2 });
    expect(api.calls).toHaveLength(1);
  });

  it('a refusal keeps the draft and the API’s text; no answer keeps the draft with no text (the panel says “not saved”)', async () => {
    const api = fakeApi({
      'GET /api/channels/7/broadcast': { body: state },
      'POST /api/channels/7/broadcast': refusal(403, 'forbidden', '이 작업을 할 권한이 없습니다.'),
    });
    const b = await fresh();
    await b.loadBroadcast(7);
    b.editDraft({ title: '2부' });
    expect(await b.runBroadcast('save')).toBe(false);
    expect(b.$broadcastPanel.get()).toMatchObject({
      error: 'request',
      failure: { message: '이 작업을 할 권한이 없습니다.' },
      busy: null,
      draft: { title: '2부' },
    });
    api.answer('POST /api/channels/7/broadcast', 'network');
    expect(await b.runBroadcast('save')).toBe(false);
    expect(b.$broadcastPanel.get()).toMatchObject({ error: 'request', failure: { status: 0, message: '' }, draft: { title: '2부' } });
  });

  it('a save takes the new state and refreshes only the page’s texts', async () => {
    const api = fakeApi({
      'GET /api/channels/7/broadcast': { body: state },
      'POST /api/channels/7/broadcast': { body: { ...state, title: '2부' } },
      'GET /api/channels/7/channel-page': { body: {} },
    });
    const b = await fresh();
    await b.loadBroadcast(7);
    b.editDraft({ title: '2부' });
    expect(await b.runBroadcast('save')).toBe(true);
    expect(b.$broadcastPanel.get()).toMatchObject({ state: { title: '2부' }, done: { action: 'save', announce: true }, error: null, failure: null });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/channels/7/broadcast',
      'POST /api/channels/7/broadcast',
      'GET /api/channels/7/channel-page',
    ]);
  });
});
