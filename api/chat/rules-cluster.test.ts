/**
 * Chat rules across processes: two chat servers on one database linked by a real Redis (the sharded
 * adapter, api/chat/redis-adapter.test.ts). A change published on one process (as the PUT route does)
 * reaches the sockets of the other as `chat_rules`, and drops the other's cached rules, so its next
 * line is checked against the new ones; the viewer list counts the sockets of both processes.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, ClientToServerEvents, ServerToClientEvents } from '../../domain/chat-events.ts';
import type { Database } from '../db/client.ts';
import { startChatPair } from '../testing/chat-harness.ts';
import { redisServerPresent } from '../testing/redis-server.ts';
import { rulesView, saveChatRules } from './rules.ts';

const present = redisServerPresent();
if (!present)
  console.warn('[rules-cluster.test] skipped: no redis-server on this machine (apt-get install redis-server)');

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.skipIf(!present)('chat rules across processes', () => {
  let pair: Awaited<ReturnType<typeof startChatPair>>;
  let database: Database;
  let nodes: Awaited<ReturnType<typeof startChatPair>>['nodes'];
  let room = '';
  let channelId = 0;
  let ids: Record<string, number> = {};

  beforeAll(async () => {
    pair = await startChatPair(['crbj0001', 'crviewer01', 'crviewer02']);
    ({ database, nodes, room, channelId, ids } = pair);
  });
  afterAll(async () => {
    await pair?.close();
  });

  async function client(node: number, loginId: string | null): Promise<Client> {
    const s = await pair.connect(node, loginId);
    expect(await s.emitWithAck('join', { room, streamId: null, source: 'web' })).toMatchObject({ ok: true });
    return s;
  }

  it('a change on one process reaches the other: its sockets hear it, its next line obeys it', async () => {
    const viewer = await client(0, 'crviewer01');
    const guest = await client(0, null);
    // Process 0 reads (and keeps) the rules: all off.
    expect(await viewer.emitWithAck('message', { room, content: 'words' })).toMatchObject({ ok: true });

    const heard = new Promise<ChatEvent>((resolve) =>
      guest.on('event', (e) => void (e.type === 'chat_rules' && resolve(e))),
    );
    const rules = await saveChatRules(
      database.db,
      channelId,
      { emoteOnly: true, blockedWords: ['nope'] },
      ids.crbj0001!,
    );
    nodes[1]!.chat.publish({ room, type: 'chat_rules', data: rulesView(rules) });
    expect(await heard).toEqual({
      room,
      type: 'chat_rules',
      data: { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: false, emoteOnly: true },
    });
    await expect
      .poll(async () => (await viewer.emitWithAck('message', { room, content: 'still words' })) as unknown, {
        timeout: 5000,
      })
      .toEqual({ ok: false, code: 'emote_only' });
  });

  it('the viewer list holds the sockets of both processes', async () => {
    await client(1, 'crbj0001');
    await client(1, 'crviewer02');
    const asker = await client(0, null);
    const list = await asker.emitWithAck('viewers', { room });
    expect(list).toMatchObject({ ok: true, bj: { loginId: 'crbj0001' }, managers: [] });
    if (!list.ok) return;
    expect(list.members.map((m) => m.loginId).sort()).toEqual(['crviewer01', 'crviewer02']);
    expect(list.membersTotal).toBe(2);
    expect(list.guests).toBe(2);
  });
});
