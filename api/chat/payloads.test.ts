/** Bad payloads on every client-to-server event: the exact code each earns, in the order the checks run. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERROR_CODES, CHAT_MUTE_MAX_S } from '../../domain/chat-events.ts';
import { isApiErrorCode } from '../../domain/errors.ts';
import { startHarness, type ClientSocket } from '../testing/chat-harness.ts';

let h: Awaited<ReturnType<typeof startHarness>>;
let bj: ClientSocket;
let viewer: ClientSocket;
let guest: ClientSocket;
beforeAll(async () => {
  h = await startHarness({ rateMax: 1000 });
  [bj, viewer, guest] = [await h.client('bjtest01'), await h.client('viewer101'), await h.client(null)];
  for (const s of [bj, viewer, guest])
    expect(await s.emitWithAck('join', { room: h.room, source: 'web' })).toMatchObject({ ok: true });
});
afterAll(() => h.close());

const emit = (s: ClientSocket, event: 'join' | 'leave' | 'message' | 'action', payload: unknown) =>
  s.emitWithAck(event, payload as never);

it('answers with catalogue codes only', () => {
  expect(CHAT_ERROR_CODES.filter((code) => !isApiErrorCode(code))).toEqual([]);
});

describe('join', () => {
  it.each([
    ['no payload', () => null],
    ['a number', () => 42],
    ['a string', () => h.room],
    ['an array', () => [h.room]],
    ['no room', () => ({ source: 'web' })],
    ['a numeric room', () => ({ room: Number(h.room), source: 'web' })],
    ['a negative lastSeq', () => ({ room: h.room, lastSeq: -1 })],
    ['a fractional lastSeq', () => ({ room: h.room, lastSeq: 1.5 })],
    ['a string lastSeq', () => ({ room: h.room, lastSeq: '3' })],
    ['an unsafe lastSeq', () => ({ room: h.room, lastSeq: 2 ** 53 })],
  ])('refuses %s with bad_request', async (_, payload) => {
    expect(await emit(viewer, 'join', payload())).toEqual({ ok: false, code: 'bad_request' });
  });

  it('takes a null lastSeq as a first join', async () => {
    expect(await emit(viewer, 'join', { room: h.room, source: 'web', lastSeq: null })).toMatchObject({
      ok: true,
      missed: 0,
    });
  });
});

describe('leave', () => {
  it.each([null, 7, { room: 7 }, {}])('refuses %j with bad_request', async (payload) => {
    expect(await emit(guest, 'leave', payload)).toEqual({ ok: false, code: 'bad_request' });
  });
});

describe('message', () => {
  it.each([
    ['no payload', () => null],
    ['a string', () => 'hi'],
    ['no content', () => ({ room: h.room })],
    ['no room', () => ({ content: 'hi' })],
    ['a numeric content', () => ({ room: h.room, content: 5 })],
  ])('refuses %s with bad_request', async (_, payload) => {
    expect(await emit(viewer, 'message', payload())).toEqual({ ok: false, code: 'bad_request' });
  });

  it('checks the payload before the sender: a guest with a bad payload hears bad_request', async () => {
    expect(await emit(guest, 'message', { room: h.room })).toEqual({ ok: false, code: 'bad_request' });
    expect(await emit(guest, 'message', { room: h.room, content: 'hi' })).toEqual({ ok: false, code: 'unauthorized' });
  });
});

describe('action', () => {
  it.each([
    ['no payload', () => null],
    ['no room', () => ({ type: 'kick', targetId: 'viewer102' })],
    ['an unknown type', () => ({ room: h.room, type: 'ban', targetId: 'viewer102' })],
    ['a string on', () => ({ room: h.room, type: 'freeze', on: 'yes' })],
    ['a null on', () => ({ room: h.room, type: 'freeze', on: null })],
  ])('refuses %s with bad_request, even from a guest', async (_, payload) => {
    expect(await emit(bj, 'action', payload())).toEqual({ ok: false, code: 'bad_request' });
    expect(await emit(guest, 'action', payload())).toEqual({ ok: false, code: 'bad_request' });
  });

  it('reads the target only after the rights: a member without them hears forbidden', async () => {
    expect(await emit(viewer, 'action', { room: h.room, type: 'kick', targetId: 42 })).toEqual({
      ok: false,
      code: 'forbidden',
    });
    expect(await emit(guest, 'action', { room: h.room, type: 'kick' })).toEqual({ ok: false, code: 'unauthorized' });
    expect(await emit(bj, 'action', { room: h.room, type: 'kick' })).toEqual({ ok: false, code: 'bad_request' });
    expect(await emit(bj, 'action', { room: h.room, type: 'kick', targetId: 42 })).toEqual({
      ok: false,
      code: 'bad_request',
    });
  });

  it('ignores the target of a freeze', async () => {
    expect(await emit(bj, 'action', { room: h.room, type: 'freeze', targetId: 42 })).toEqual({ ok: true });
    expect(await emit(bj, 'action', { room: h.room, type: 'freeze', on: false })).toEqual({ ok: true });
  });

  it.each([0, -5, 1.5, '60', CHAT_MUTE_MAX_S + 1, true])(
    'refuses a mute of %j seconds with bad_request',
    async (durationS) => {
      const payload = { room: h.room, type: 'mute', targetId: 'viewer102', durationS };
      expect(await emit(bj, 'action', payload)).toEqual({ ok: false, code: 'bad_request' });
      expect(await emit(viewer, 'action', payload)).toEqual({ ok: false, code: 'forbidden' });
    },
  );

  it('mutes for the default length when durationS is null, and for the longest one allowed', async () => {
    for (const durationS of [null, CHAT_MUTE_MAX_S]) {
      expect(await emit(bj, 'action', { room: h.room, type: 'mute', targetId: 'viewer102', durationS })).toEqual({
        ok: true,
      });
      expect(await emit(bj, 'action', { room: h.room, type: 'mute', targetId: 'viewer102', on: false })).toEqual({
        ok: true,
      });
    }
  });
});
