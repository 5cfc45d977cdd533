/**
 * Answers of private messages and the black list (`/v2/api/my/messages*`, `/api/my/messages*`,
 * `/api/my/blacklist*`; api/messages/).
 */
import * as v from 'valibot';
import { MESSAGE_DIVISIONS } from '../schemas/messages.ts';
import { instant, int, listPage } from './fields.ts';

const division = v.picklist(MESSAGE_DIVISIONS);

/** A message as one of its two parties sees it (api/messages/messages-view.ts `viewMessage()`). */
export const message = v.object({
  msgId: int,
  /** Who wrote it. */
  loginId: v.string(),
  nickname: v.string(),
  /** Who it was sent to. */
  targetId: v.string(),
  targetNickname: v.string(),
  /** The conversation both parties share: the two member ids, smaller first. */
  matchId: v.string(),
  division,
  content: v.string(),
  read: v.boolean(),
  readAt: v.nullable(instant),
  createdAt: instant,
});
export type Message = v.InferOutput<typeof message>;

/** `GET /api/my/messages?division&offset&limit`: a page of the inbox or the sent box, and the unread count. */
export const messageBox = v.object({ ...listPage(message).entries, total: int, unread: int, division });
export type MessageBox = v.InferOutput<typeof messageBox>;

/** `POST /api/my/messages` (201). */
export const messageSent = v.object({ msgId: int });
export type MessageSent = v.InferOutput<typeof messageSent>;

/** `GET /api/my/messages/unread-count`: the header badge. */
export const unreadCount = v.object({ unread: int });
export type UnreadCount = v.InferOutput<typeof unreadCount>;

/** `POST /api/my/messages/delete`; `/messages/alldelete` adds the division. */
export const messagesDeleted = v.object({ deleted: int, division: v.optional(division) });
export type MessagesDeleted = v.InferOutput<typeof messagesDeleted>;

/** `GET /api/my/messages/isblock?loginId`: whether I block them, and whether they take my messages. */
export const messageBlockCheck = v.object({ loginId: v.string(), isBlock: v.boolean(), canSend: v.boolean() });
export type MessageBlockCheck = v.InferOutput<typeof messageBlockCheck>;

/** `POST /api/my/messages/declaration/{id}` (201). */
export const messageReported = v.object({ msgId: int, reported: v.literal(true) });
export type MessageReported = v.InferOutput<typeof messageReported>;

/** A line of the black list. */
export const blockedMember = v.object({ loginId: v.string(), nickname: v.string(), createdAt: instant });
export type BlockedMember = v.InferOutput<typeof blockedMember>;

/** `GET /api/my/blacklist?offset&limit` (api/messages/blacklist.ts): newest first. */
export const blacklistPage = v.object({ ...listPage(blockedMember).entries, total: int });
export type BlacklistPage = v.InferOutput<typeof blacklistPage>;

/** `GET /api/my/blacklist/ids`: every blocked login id, for chat to hide their lines. */
export const blockedLoginIds = v.object({ loginIds: v.array(v.string()) });
export type BlockedLoginIds = v.InferOutput<typeof blockedLoginIds>;

/** `POST /api/my/blacklist` (201, or 200 when already blocked) and `DELETE /api/my/blacklist/{loginId}`. */
export const blockChanged = v.object({ loginId: v.string(), blocked: v.boolean() });
export type BlockChanged = v.InferOutput<typeof blockChanged>;
