/** How a stored message is shown to one of its two parties (SPEC §3 message fields). */
import type { messages } from '../db/schema/index.ts';

export type Division = 'receive' | 'send';

export interface MessageView {
  msgId: number;
  /** Who wrote it. */
  loginId: string;
  nickname: string;
  /** Who it was sent to. */
  targetId: string;
  targetNickname: string;
  /** The conversation both parties share: the two member ids, smaller first. */
  matchId: string;
  division: Division;
  content: string;
  read: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface Party {
  loginId: string;
  nickname: string;
}

export function matchIdOf(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

export function viewMessage(row: typeof messages.$inferSelect, sender: Party, recipient: Party, viewerId: number): MessageView {
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
    readAt: row.readAt,
    createdAt: row.createdAt,
  };
}
