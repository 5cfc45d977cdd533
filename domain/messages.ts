/** Private messages (SPEC §3 message fields): the one shape the API answers and the site reads. */

export type Division = 'receive' | 'send';

/** A message as one of its two parties sees it; `Time` is Date in the API and an ISO string on the wire. */
export interface MessageOf<Time> {
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
  readAt: Time | null;
  createdAt: Time;
}

export type MessageWire = MessageOf<string>;
