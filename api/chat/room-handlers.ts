/** join, leave and message: every check runs on the server, on every (re)join and every send. */
import { CHAT_HISTORY_ON_JOIN, CHAT_MESSAGE_LENGTH_MAX, type Ack, type ChatErrorCode, type JoinResult } from '../../domain/chat-events.ts';
import { hasLivePassCookie } from '../http/channels/streams-access.ts';
import { recentGifts } from './room-gifts.ts';
import { appendLine, loadChannel, protectedLiveId, recentLines, replaySince, restrictionsOf, roleOf, roomState } from './room-store.ts';
import { loadChatMember } from './tickets.ts';
import type { ChatContext, ChatSocket } from './types.ts';

type Reply<T extends object = object> = (result: Ack<T>) => void;

const fail = (code: ChatErrorCode) => ({ ok: false as const, code });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A client may omit the ack callback; answering then is a no-op. */
const replyOf = <T extends object>(ack: unknown): Reply<T> => (typeof ack === 'function' ? (ack as Reply<T>) : () => {});

export function registerRoomHandlers(ctx: ChatContext, socket: ChatSocket): void {
  socket.on('join', async (payload, ack) => {
    const reply = replyOf<JoinResult>(ack);
    try {
      reply(await join(ctx, socket, payload));
    } catch (err) {
      console.error('[chat] join failed', err);
      reply(fail('internal'));
    }
  });

  socket.on('leave', async (payload, ack) => {
    const reply = replyOf(ack);
    if (!isObject(payload) || typeof payload.room !== 'string') return reply(fail('bad_request'));
    await socket.leave(payload.room);
    ctx.viewersChanged(payload.room);
    reply({ ok: true });
  });

  socket.on('message', async (payload, ack) => {
    const reply = replyOf<{ seq: number }>(ack);
    try {
      reply(await send(ctx, socket, payload));
    } catch (err) {
      console.error('[chat] send failed', err);
      reply(fail('internal'));
    }
  });

  socket.on('disconnecting', () => {
    for (const room of socket.rooms) if (room !== socket.id && !room.startsWith('m:')) ctx.viewersChanged(room);
  });
}

async function join(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack<JoinResult>> {
  if (!isObject(payload) || typeof payload.room !== 'string') return fail('bad_request');
  const lastSeq = payload.lastSeq;
  if (lastSeq !== undefined && lastSeq !== null && (typeof lastSeq !== 'number' || !Number.isSafeInteger(lastSeq) || lastSeq < 0)) return fail('bad_request');
  const room = payload.room;
  const channel = await loadChannel(ctx.db, room);
  if (!channel) return fail('not_found');
  // Re-read the member: a block or a PI change since the handshake counts now.
  const member = socket.data.member ? await loadChatMember(ctx.db, socket.data.member.id, socket.data.member.sessionId) : null;
  if (socket.data.member && !member) {
    socket.disconnect(true);
    return fail('unauthorized');
  }
  if (channel.adult && !member?.identityVerified) return fail('adult_only');
  const restrictions = member ? await restrictionsOf(ctx.db, channel.id, member.id) : new Map();
  if (restrictions.has('blacklist')) return fail('blacklisted');
  if (restrictions.has('kick')) return fail('kicked');
  const role = roleOf(channel, member?.id ?? null, restrictions);
  if (role !== 'bj' && role !== 'manager') {
    const liveId = await protectedLiveId(ctx.db, channel.id);
    if (liveId !== null && !hasLivePassCookie(socket.request.headers.cookie, ctx.secret, channel.id, liveId, member?.id ?? null))
      return fail('password_required');
  }
  // Join before reading, so a line sent meanwhile arrives live; the client drops seqs it already has.
  await socket.join(room);
  ctx.viewersChanged(room);
  const state = await roomState(ctx.db, room);
  const { replay, missed } =
    typeof lastSeq === 'number'
      ? await replaySince(ctx.db, room, lastSeq, state.lastSeq)
      : { replay: await recentLines(ctx.db, room, CHAT_HISTORY_ON_JOIN), missed: 0 };
  const gifts = typeof lastSeq === 'number' ? undefined : await recentGifts(ctx.db, channel.id, replay, CHAT_HISTORY_ON_JOIN);
  return {
    ok: true,
    role,
    frozen: state.frozen,
    mutedUntil: restrictions.get('mute') ?? null,
    replay,
    missed,
    seq: state.lastSeq,
    ...(gifts ? { gifts } : {}),
  };
}

async function send(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack<{ seq: number }>> {
  if (!isObject(payload) || typeof payload.room !== 'string' || typeof payload.content !== 'string') return fail('bad_request');
  const { room } = payload;
  const member = socket.data.member;
  if (!member) return fail('unauthorized');
  if (!socket.rooms.has(room)) return fail('not_joined');
  const content = payload.content.trim();
  if (!content) return fail('empty');
  if (content.length > CHAT_MESSAGE_LENGTH_MAX) return fail('too_long');
  if (!ctx.limiter.take(member.id)) return fail('rate_limited');
  const channel = await loadChannel(ctx.db, room);
  if (!channel) return fail('not_found');
  const restrictions = await restrictionsOf(ctx.db, channel.id, member.id);
  if (restrictions.has('blacklist') || restrictions.has('kick')) {
    await socket.leave(room);
    return fail(restrictions.has('blacklist') ? 'blacklisted' : 'kicked');
  }
  if (restrictions.has('mute')) return fail('muted');
  const role = roleOf(channel, member.id, restrictions);
  return ctx.inRoomOrder(room, async () => {
    const state = await roomState(ctx.db, room);
    if (state.frozen && role !== 'bj' && role !== 'manager') return fail('frozen');
    const line = await appendLine(ctx.db, { room, memberId: member.id, loginId: member.loginId, nickname: member.nickname, role, content });
    ctx.io.to(room).emit('message', line);
    return { ok: true as const, seq: line.seq };
  });
}
