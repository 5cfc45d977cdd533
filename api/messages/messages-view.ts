/** How a stored message is shown to one of its two parties (SPEC §3 message fields). */
import type { Message } from '../../domain/answers/messages.ts';
import type { messages } from '../db/schema/index.ts';

export interface Party {
  loginId: string;
  nickname: string;
}

export function matchIdOf(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

export function viewMessage(
  row: typeof messages.$inferSelect,
  sender: Party,
  recipient: Party,
  viewerId: number,
): Message {
  return {
    msgId: row.id,
    loginId: sender.loginId,
    nickname: sender.nickname,
    targetId: recipient.loginId,
    targetNickname: recipient.nickname,
    matchId: matchIdOf(row.senderId, row.recipientId),
    division: row.recipientId === viewerId ? 'receive' : 'send',
    content: row.content,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
