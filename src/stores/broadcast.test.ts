import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { broadcastBody } from '../../domain/schemas/broadcast.ts';
import { fakeApi, fakePage, refusal } from '../testing/fake-api.ts';
import { bodyOf, draftError, type BroadcastDraft } from './broadcast.ts';

const draft = (patch: Partial<BroadcastDraft> = {}): BroadcastDraft => ({
  title: '같이 공부해요',
  themeId: 6,
  password: '',
  removePassword: false,
  adult: false,
  ...patch,
});

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
    expect(bodyOf('start', draft({ title: '  제목  ', password: 'pass1' }))).toEqual({
      on: true,
      title: '제목',
      themeId: 6,
      adult: false,
      password: 'pass1',
    });
    expect(bodyOf('save', draft({ removePassword: true, password: 'ignored' }))).toEqual({
      on: true,
      title: '같이 공부해요',
      themeId: 6,
      adult: false,
      password: null,
    });
    expect(bodyOf('save', draft({ themeId: null, adult: true }))).toEqual({
      on: true,
      title: '같이 공부해요',
      themeId: null,
      adult: true,
    });
    expect(bodyOf('stop', draft({ password: 'pass1' }))).toEqual({ on: false });
    for (const body of [
      bodyOf('start', draft({ password: 'pass1' })),
      bodyOf('save', draft({ removePassword: true })),
      bodyOf('stop', draft()),
    ]) {
      expect(v.safeParse(broadcastBody, body).success, JSON.stringify(body)).toBe(true);
    }
  });
});

describe('broadcast panel actions', () => {
  const ingest = {
    engine: 'self-hosted',
    waitsForVideo: true,
    serverUrl: 'rtmp://localhost:1935/live',
    key: { masked: 'live_••••••••••••abcd', issuedAt: '2026-01-01T00:00:00.000Z', issuedVia: 'panel' },
    accepting: true,
    publishing: true,
    disconnectedAt: null,
    graceMs: 30000,
  };
  const state = {
    channelId: 7,
    broadcasting: true,
    title: '같이 공부해요',
    themeId: 6,
    adult: false,
    hasPassword: false,
    streamId: 1,
    startedAt: null,
    ingest,
  };
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

  it(
    'a refusal keeps the draft and the API’s text; no answer keeps the draft with no text (the panel says “not ' +
      'saved”)',
    async () => {
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
      expect(b.$broadcastPanel.get()).toMatchObject({
        error: 'request',
        failure: { status: 0, message: '' },
        draft: { title: '2부' },
      });
    },
  );

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
    expect(b.$broadcastPanel.get()).toMatchObject({
      state: { title: '2부' },
      done: { action: 'save', announce: true },
      error: null,
      failure: null,
    });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/channels/7/broadcast',
      'POST /api/channels/7/broadcast',
      'GET /api/channels/7/channel-page',
    ]);
  });

  it('keeps the key as issued, hidden until revealed; a refused regeneration leaves the key shown (it still works)', async () => {
    const issued = {
      url: 'rtmp://localhost:1935/live',
      streamKey: 'live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      masked: 'live_••••••••••••AAAA',
      issuedAt: '2026-01-01T00:00:00.000Z',
    };
    const api = fakeApi({
      'GET /api/channels/7/broadcast': { body: state },
      'POST /api/my/channel/stream-key': { body: issued },
    });
    const b = await fresh();
    await b.loadBroadcast(7);
    expect(b.$broadcastPanel.get().issuedKey).toBeNull();
    expect(await b.issueKey()).toBe(true);
    expect(b.$broadcastPanel.get().issuedKey).toEqual(issued);
    expect(b.$broadcastPanel.get().keyRevealed).toBe(false);
    b.revealKey(true);
    expect(b.$broadcastPanel.get()).toMatchObject({ issuedKey: issued, keyRevealed: true });
    api.answer('POST /api/my/channel/stream-key', refusal(403, 'not_channel_owner', '채널 운영자만 할 수 있습니다.'));
    expect(await b.issueKey()).toBe(false);
    expect(b.$broadcastPanel.get()).toMatchObject({
      issuedKey: issued,
      keyBusy: false,
      keyFailure: { message: '채널 운영자만 할 수 있습니다.' },
    });
  });

  it('copies through the clipboard and says so; a refused clipboard says that instead', async () => {
    fakeApi({ 'GET /api/channels/7/broadcast': { body: state } });
    const b = await fresh();
    await b.loadBroadcast(7);
    const written: string[] = [];
    expect(
      await b.copyToClipboard('server', 'rtmp://x/live', { writeText: async (t: string) => void written.push(t) }),
    ).toBe(true);
    expect(written).toEqual(['rtmp://x/live']);
    expect(b.$broadcastPanel.get().copied).toBe('server');
    expect(await b.copyToClipboard('key', 'k', { writeText: async () => Promise.reject(new Error('denied')) })).toBe(
      false,
    );
    expect(b.$broadcastPanel.get().copied).toBe('failed');
  });

  it('refreshes the state in place: what the BJ typed stays', async () => {
    const api = fakeApi({ 'GET /api/channels/7/broadcast': { body: { ...state, broadcasting: false } } });
    const b = await fresh();
    await b.loadBroadcast(7);
    b.editDraft({ title: '쓰는 중' });
    api.answer('GET /api/channels/7/broadcast', { body: state });
    await b.refreshBroadcast(7);
    expect(b.$broadcastPanel.get()).toMatchObject({
      state: { broadcasting: true },
      draft: { title: '쓰는 중' },
      status: 'ready',
    });
  });
});
