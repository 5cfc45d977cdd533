/**
 * BJ and manager actions (SPEC §4, §6): manager, blacklist, kick, freeze, mute. Roles are read
 * from the database on every action; a manager may not act on the BJ or on another manager, and
 * only the BJ appoints or dismisses managers.
 */
import { CHAT_KICK_WINDOW_MS, type Ack } from '../../domain/chat-events.ts';
import { chatActionPayload, chatActionTarget, chatMuteDurationS } from '../../domain/schemas/chat.ts';
import { answering, payloadOf, refuse } from './acks.ts';
import {
  clearRestriction,
  findMemberByLoginId,
  loadChannel,
  restrictionsOf,
  roleOf,
  setFrozen,
  setRestriction,
} from './room-store.ts';
import { memberRoom, type ChatContext, type ChatSocket } from './types.ts';

export function registerActionHandlers(ctx: ChatContext, socket: ChatSocket): void {
  socket.on(
    'action',
    answering('action', (payload) => act(ctx, socket, payload)),
  );
}

async function act(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack> {
  const p = payloadOf(chatActionPayload, payload);
  if (!p) return refuse('bad_request');
  const { room, type, on } = p;
  const actor = socket.data.member;
  if (!actor) return refuse('unauthorized');
  const channel = await loadChannel(ctx.db, room);
  if (!channel) return refuse('not_found');
  const actorRole = roleOf(channel, actor.id, await restrictionsOf(ctx.db, channel.id, actor.id));
  if (actorRole !== 'bj' && actorRole !== 'manager') return refuse('forbidden');

  if (type === 'freeze') {
    await setFrozen(ctx.db, room, on);
    ctx.io.to(room).emit('action', { room, type, targetId: null, on, until: null, by: actor.loginId });
    return { ok: true };
  }

  const targetId = payloadOf(chatActionTarget, p.targetId);
  if (targetId === null) return refuse('bad_request');
  const target = await findMemberByLoginId(ctx.db, targetId);
  if (!target) return refuse('not_found');
  if (target.id === channel.ownerId || target.id === actor.id) return refuse('forbidden');
  const targetRole = roleOf(channel, target.id, await restrictionsOf(ctx.db, channel.id, target.id));
  if (actorRole === 'manager' && (type === 'manager' || targetRole === 'manager')) return refuse('forbidden');

  let until: Date | null = null;
  if (type === 'mute') {
    const durationS = payloadOf(chatMuteDurationS, p.durationS);
    if (durationS === null) return refuse('bad_request');
    until = new Date(Date.now() + durationS * 1000);
  }
  if (type === 'kick') until = new Date(Date.now() + CHAT_KICK_WINDOW_MS);

  if (on) await setRestriction(ctx.db, channel.id, target.id, type, until, actor.id);
  else await clearRestriction(ctx.db, channel.id, target.id, type);

  const action = { room, type, targetId: target.loginId, on, until: until?.getTime() ?? null, by: actor.loginId };
  if (on && (type === 'kick' || type === 'blacklist')) {
    // Told and taken out of the room in one message per process (removal.ts).
    ctx.removeFromRoom({ room, memberId: target.id, action });
    ctx.viewersChanged(room);
  } else {
    // The room and the target's own sockets both hear it (one emit: socket.io sends each socket one copy).
    ctx.io.to(room).to(memberRoom(target.id)).emit('action', action);
  }
  return { ok: true };
}
