/**
 * BJ and manager actions (SPEC §4, §6): manager, blacklist, kick, freeze, mute. Roles are read
 * from the database on every action; a manager may not act on the BJ or on another manager, and
 * only the BJ appoints or dismisses managers.
 */
import {
  CHAT_ACTION_TYPES,
  CHAT_KICK_WINDOW_MS,
  CHAT_MUTE_DEFAULT_S,
  CHAT_MUTE_MAX_S,
  type Ack,
  type ChatActionType,
  type ChatErrorCode,
} from '../../domain/chat-events.ts';
import { clearRestriction, findMemberByLoginId, loadChannel, restrictionsOf, roleOf, setFrozen, setRestriction } from './room-store.ts';
import { memberRoom, type ChatContext, type ChatSocket } from './types.ts';

const fail = (code: ChatErrorCode) => ({ ok: false as const, code });

export function registerActionHandlers(ctx: ChatContext, socket: ChatSocket): void {
  socket.on('action', async (payload, ack) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    try {
      reply(await act(ctx, socket, payload));
    } catch (err) {
      console.error('[chat] action failed', err);
      reply(fail('internal'));
    }
  });
}

async function act(ctx: ChatContext, socket: ChatSocket, payload: unknown): Promise<Ack> {
  if (typeof payload !== 'object' || payload === null) return fail('bad_request');
  const p = payload as Record<string, unknown>;
  const type = p.type as ChatActionType;
  if (typeof p.room !== 'string' || !CHAT_ACTION_TYPES.includes(type)) return fail('bad_request');
  const on = p.on === undefined ? true : p.on;
  if (typeof on !== 'boolean') return fail('bad_request');
  const actor = socket.data.member;
  if (!actor) return fail('unauthorized');
  const channel = await loadChannel(ctx.db, p.room);
  if (!channel) return fail('not_found');
  const actorRole = roleOf(channel, actor.id, await restrictionsOf(ctx.db, channel.id, actor.id));
  if (actorRole !== 'bj' && actorRole !== 'manager') return fail('forbidden');
  const room = p.room;

  if (type === 'freeze') {
    await setFrozen(ctx.db, room, on);
    ctx.io.to(room).emit('action', { room, type, targetId: null, on, until: null, by: actor.loginId });
    return { ok: true };
  }

  if (typeof p.targetId !== 'string') return fail('bad_request');
  const target = await findMemberByLoginId(ctx.db, p.targetId);
  if (!target) return fail('not_found');
  if (target.id === channel.ownerId || target.id === actor.id) return fail('forbidden');
  const targetRole = roleOf(channel, target.id, await restrictionsOf(ctx.db, channel.id, target.id));
  if (actorRole === 'manager' && (type === 'manager' || targetRole === 'manager')) return fail('forbidden');

  let until: Date | null = null;
  if (type === 'mute') {
    const durationS = p.durationS ?? CHAT_MUTE_DEFAULT_S;
    if (typeof durationS !== 'number' || !Number.isInteger(durationS) || durationS < 1 || durationS > CHAT_MUTE_MAX_S) return fail('bad_request');
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
