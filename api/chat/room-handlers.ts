/** join, leave and message: every check runs on the server, on every (re)join and every send. */
import { CHAT_MESSAGE_LENGTH_MAX, type Ack, type ChatViewerList, type JoinResult } from '../../domain/chat-events.ts';
import { chatJoinPayload, chatLeavePayload, chatSendPayload, chatViewersPayload } from '../../domain/schemas/chat.ts';
import { hasLivePassCookie } from '../lives/streams-access.ts';
import type { RawJson } from './raw-json.ts';
import { appendLine, loadChannel, replaySince, restrictionsOf, roleOf, roomState } from './room-store.ts';
import { loadChatMember } from './tickets.ts';
import { answering, payloadOf, refuse } from './acks.ts';
import type { ChatContext, ChatSocket } from './types.ts';

export function registerRoomHandlers(ctx: ChatContext, socket: ChatSocket): void {
  socket.on(
    'join',
    answering('join', (payload) => join(ctx, socket, payload)),
  );
  socket.on(
    'leave',
    answering('leave', (payload) => leave(ctx, socket, payload)),
  );
  socket.on(
    'message',
    answering('send', (payload) => send(ctx, socket, payload)),
  );
  socket.on(
    'viewers',
    answering('viewers', (payload) => viewers(ctx, socket, payload)),
  );

  socket.on('disconnecting', () => {
    for (const room of socket.rooms) if (room !== socket.id && !room.startsWith('m:')) ctx.viewersChanged(room);
  });
}

async function leave(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack> {
  const p = payloadOf(chatLeavePayload, payload);
  if (!p) return refuse('bad_request');
  await socket.leave(p.room);
  ctx.viewersChanged(p.room);
  return { ok: true };
}

async function join(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack<JoinResult>> {
  const p = payloadOf(chatJoinPayload, payload);
  if (!p) return refuse('bad_request');
  const { room, lastSeq } = p;
  // The channel's access facts come from memory for ACCESS_TTL_MS (api/chat/room-cache.ts).
  const access = await ctx.rooms.access(room);
  if (!access) return refuse('not_found');
  const { channel } = access;
  // Re-read the member: a block or a PI change since the handshake counts now.
  const member = socket.data.member
    ? await loadChatMember(ctx.db, socket.data.member.id, socket.data.member.sessionId)
    : null;
  if (socket.data.member && !member) {
    socket.disconnect(true);
    return refuse('unauthorized');
  }
  if (channel.adult && !member?.identityVerified) return refuse('adult_only');
  const restrictions = member ? await restrictionsOf(ctx.db, channel.id, member.id) : new Map();
  if (restrictions.has('blacklist')) return refuse('blacklisted');
  if (restrictions.has('kick')) return refuse('kicked');
  const role = roleOf(channel, member?.id ?? null, restrictions);
  if (role !== 'bj' && role !== 'manager') {
    const liveId = access.protectedLiveId;
    if (
      liveId !== null &&
      !hasLivePassCookie(socket.request.headers.cookie, ctx.secret, channel.id, liveId, member?.id ?? null)
    )
      return refuse('password_required');
  }
  // Join before reading, so a line sent meanwhile arrives live; the client drops seqs it already has.
  await socket.join(room);
  ctx.viewersChanged(room);
  const mutedUntil = restrictions.get('mute') ?? null;
  if (typeof lastSeq !== 'number') {
    // A first join: the room's history from memory, its JSON made once per change of the room.
    const { seq, frozen, replay, gifts } = await ctx.rooms.snapshot(room, channel.id);
    return { ok: true, role, frozen, mutedUntil, replay: rawJson(replay), missed: 0, seq, gifts: rawJson(gifts) };
  }
  // A rejoin: from memory when it holds every line since lastSeq, else from the database.
  const cached = await ctx.rooms.replaySince(room, channel.id, lastSeq);
  if (cached) return { ok: true, role, mutedUntil, ...cached };
  const state = await roomState(ctx.db, room);
  const { replay, missed } = await replaySince(ctx.db, room, lastSeq, state.lastSeq);
  return { ok: true, role, frozen: state.frozen, mutedUntil, replay, missed, seq: state.lastSeq };
}

/** Pre-serialised JSON (raw-json.ts) where the answer's type has the value it stands for. */
const rawJson = <T>(raw: RawJson): T => raw as unknown as T;

/** Who is in the room (api/chat/viewer-list.ts): for anyone joined to it, guests too. */
async function viewers(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack<ChatViewerList>> {
  const p = payloadOf(chatViewersPayload, payload);
  if (!p) return refuse('bad_request');
  if (!socket.rooms.has(p.room)) return refuse('not_joined');
  const list = await ctx.viewerList(p.room);
  return list ? { ok: true, ...list } : refuse('not_found');
}

async function send(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack<{ seq: number }>> {
  const p = payloadOf(chatSendPayload, payload);
  if (!p) return refuse('bad_request');
  const { room, content } = p;
  const member = socket.data.member;
  if (!member) return refuse('unauthorized');
  if (!socket.rooms.has(room)) return refuse('not_joined');
  if (!content) return refuse('empty');
  if (content.length > CHAT_MESSAGE_LENGTH_MAX) return refuse('too_long');
  if (!ctx.limiter.take(member.id)) return refuse('rate_limited');
  const channel = await loadChannel(ctx.db, room);
  if (!channel) return refuse('not_found');
  const restrictions = await restrictionsOf(ctx.db, channel.id, member.id);
  if (restrictions.has('blacklist') || restrictions.has('kick')) {
    await socket.leave(room);
    return refuse(restrictions.has('blacklist') ? 'blacklisted' : 'kicked');
  }
  if (restrictions.has('mute')) return refuse('muted');
  const role = roleOf(channel, member.id, restrictions);
  // The room's chat rules (api/chat/rules.ts): modes, blocked words, slow mode; the line's badges.
  const verdict = await ctx.rules.check({ channelId: channel.id, room, memberId: member.id, role, content });
  if (!verdict.ok) return verdict.refusal;
  return ctx.inRoomOrder(room, async () => {
    const state = await roomState(ctx.db, room);
    if (state.frozen && role !== 'bj' && role !== 'manager') {
      verdict.release();
      return refuse('frozen');
    }
    const line = await appendLine(ctx.db, {
      room,
      memberId: member.id,
      loginId: member.loginId,
      nickname: member.nickname,
      role,
      content,
      ...verdict.badges,
    }).catch((err: unknown) => {
      verdict.release();
      throw err;
    });
    ctx.io.to(room).emit('message', line);
    return { ok: true as const, seq: line.seq };
  });
}
