import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, startHarness, type ClientSocket } from '../testing/chat-harness.ts';

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness({ rateMax: 1000 });
});
afterAll(() => h.close());

const join = (s: ClientSocket, room: string) => s.emitWithAck('join', { room, streamId: null, source: 'web' });
const say = (s: ClientSocket, room: string, content: string) => s.emitWithAck('message', { room, content });
const act = (
  s: ClientSocket,
  room: string,
  type: 'manager' | 'blacklist' | 'kick' | 'freeze' | 'mute',
  targetId?: string,
  extra: { on?: boolean; durationS?: number } = {},
) => s.emitWithAck('action', { room, type, targetId, ...extra });

it('refuses every action from a plain member and from a guest', async () => {
  const v = await h.client('viewer101');
  await join(v, h.room);
  for (const type of ['manager', 'blacklist', 'kick', 'freeze', 'mute'] as const) {
    expect(await act(v, h.room, type, 'viewer102')).toEqual({ ok: false, code: 'forbidden' });
  }
  const guest = await h.client(null);
  expect(await act(guest, h.room, 'kick', 'viewer102')).toEqual({ ok: false, code: 'unauthorized' });
});

it('mutes: the muted member cannot send until unmuted, and everyone hears the action', async () => {
  const bj = await h.client('bjtest01');
  const v = await h.client('viewer101');
  const other = await h.client('viewer102');
  for (const s of [bj, v, other]) await join(s, h.room);
  const seen = nextEvent(other, 'action', (a) => a.type === 'mute');
  expect(await act(bj, h.room, 'mute', 'viewer101', { durationS: 600 })).toEqual({ ok: true });
  expect(await seen).toMatchObject({ type: 'mute', targetId: 'viewer101', on: true, by: 'bjtest01' });
  expect(await say(v, h.room, 'can I talk?')).toEqual({ ok: false, code: 'muted' });
  // A fresh connection does not shed the mute.
  const v2 = await h.client('viewer101');
  expect(await join(v2, h.room)).toMatchObject({ ok: true, mutedUntil: expect.any(Number) });
  expect(await say(v2, h.room, 'now?')).toEqual({ ok: false, code: 'muted' });
  expect(await act(bj, h.room, 'mute', 'viewer101', { on: false })).toEqual({ ok: true });
  expect(await say(v, h.room, 'thanks')).toMatchObject({ ok: true });
});

it('freezes: only the BJ and managers may talk in a frozen room', async () => {
  const bj = await h.client('bjtest01');
  const v = await h.client('viewer102');
  for (const s of [bj, v]) await join(s, h.room);
  expect(await act(bj, h.room, 'freeze')).toEqual({ ok: true });
  expect(await join(v, h.room)).toMatchObject({ ok: true, frozen: true });
  expect(await say(v, h.room, 'hello?')).toEqual({ ok: false, code: 'frozen' });
  expect(await say(bj, h.room, 'quiet please')).toMatchObject({ ok: true });
  expect(await act(bj, h.room, 'freeze', undefined, { on: false })).toEqual({ ok: true });
  expect(await say(v, h.room, 'hello!')).toMatchObject({ ok: true });
});

it('kicks: the member is removed, cannot send, and is refused on rejoin', async () => {
  const bj = await h.client('bjtest01');
  const v = await h.client('pitest01');
  for (const s of [bj, v]) await join(s, h.room);
  const told = nextEvent(v, 'action', (a) => a.type === 'kick');
  expect(await act(bj, h.room, 'kick', 'pitest01')).toEqual({ ok: true });
  expect(await told).toMatchObject({ targetId: 'pitest01', on: true });
  expect(await say(v, h.room, 'still here?')).toMatchObject({ ok: false });
  expect(await join(v, h.room)).toEqual({ ok: false, code: 'kicked' });
  const fresh = await h.client('pitest01');
  expect(await join(fresh, h.room)).toEqual({ ok: false, code: 'kicked' });
  await act(bj, h.room, 'kick', 'pitest01', { on: false });
  expect(await join(fresh, h.room)).toMatchObject({ ok: true });
});

it('blacklists: refused on every join until lifted', async () => {
  const bj = await h.client('bjtest01');
  const v = await h.client('viewer102');
  for (const s of [bj, v]) await join(s, h.room);
  expect(await act(bj, h.room, 'blacklist', 'viewer102')).toEqual({ ok: true });
  expect(await join(await h.client('viewer102'), h.room)).toEqual({ ok: false, code: 'blacklisted' });
  expect(await act(bj, h.room, 'blacklist', 'viewer102', { on: false })).toEqual({ ok: true });
  expect(await join(await h.client('viewer102'), h.room)).toMatchObject({ ok: true });
});

it('managers act on members but cannot appoint, touch the BJ or other managers, or act in another room', async () => {
  const bj = await h.client('bjtest01');
  await join(bj, h.room);
  expect(await act(bj, h.room, 'manager', 'mgrtest01')).toEqual({ ok: true });
  const mgr = await h.client('mgrtest01');
  expect(await join(mgr, h.room)).toMatchObject({ ok: true, role: 'manager' });
  expect(await act(mgr, h.room, 'mute', 'viewer101', { durationS: 5 })).toEqual({ ok: true });
  expect(await act(mgr, h.room, 'manager', 'viewer101')).toEqual({ ok: false, code: 'forbidden' });
  expect(await act(mgr, h.room, 'kick', 'bjtest01')).toEqual({ ok: false, code: 'forbidden' });
  expect(await act(mgr, h.adultRoom, 'kick', 'viewer101')).toEqual({ ok: false, code: 'forbidden' });
  expect(await act(bj, h.room, 'manager', 'viewer102')).toEqual({ ok: true });
  expect(await act(mgr, h.room, 'kick', 'viewer102')).toEqual({ ok: false, code: 'forbidden' });
  expect(await act(bj, h.room, 'mute', 'viewer101', { on: false })).toEqual({ ok: true });
});

describe('rate limit', () => {
  let limited: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    limited = await startHarness({ rateMax: 3, rateWindowMs: 60_000 });
  });
  afterAll(() => limited.close());

  it('rate-limits one member across sockets', async () => {
    const a = await limited.client('viewer101');
    const b = await limited.client('viewer101');
    await join(a, limited.room);
    await join(b, limited.room);
    const results = [
      await say(a, limited.room, '1'),
      await say(b, limited.room, '2'),
      await say(a, limited.room, '3'),
      await say(b, limited.room, '4'),
    ];
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toEqual({ ok: false, code: 'rate_limited' });
  });
});
