/**
 * Private messages (SPEC §7 Messages), the messages page: `$messageBox` (inbox, sent, compose; the
 * message opened) and `$blacklist` (the members blocked; the IDs other islands hide are
 * `$blockedLoginIds` of blocking.ts). The unread count of the header badge is unread.ts.
 */
import { map, type ReadableAtom } from 'nanostores';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import type { BlacklistPage, BlockedMember, Message, MessageBox, MessageSent } from '../../domain/answers/messages.ts';
import type { Division } from '../../domain/messages.ts';
import { blockBody, messageSendBody } from '../../domain/schemas/messages.ts';
import { apiResult, type ApiFailure, type ApiResult } from '../lib/api-client.ts';
import { checkInput } from '../lib/form-input.ts';
import { loadBlocked } from './blocking.ts';
import { refreshUnread, setUnread } from './unread.ts';

export { $unreadMessages, refreshUnread, setUnread } from './unread.ts';

export type { Division };
export type { BlockedMember, Message } from '../../domain/answers/messages.ts';

/** A page of a box as the list shows it (the unread count goes to the badge). */
export type MessagePage = Omit<MessageBox, 'unread'>;

export type MessageTab = Division | 'compose' | 'blacklist';

export interface MessageBoxState {
  tab: MessageTab;
  offset: number;
  page: MessagePage | null;
  /** The message read, shown above the list. */
  open: Message | null;
  /** What the opened message's last action did, or why it failed. */
  done: 'reported' | 'blocked' | null;
  openFailure: ApiFailure | null;
  /** The compose form's recipient when it was opened by "reply". */
  replyTo: string;
  failure: ApiFailure | null;
}

const box = map<MessageBoxState>({
  tab: 'receive',
  offset: 0,
  page: null,
  open: null,
  done: null,
  openFailure: null,
  replyTo: '',
  failure: null,
});
export const $messageBox: ReadableAtom<MessageBoxState> = box;

/** The list of a tab that has one (inbox, sent), or null. */
export function divisionOf(tab: MessageTab): Division | null {
  return tab === 'receive' || tab === 'send' ? tab : null;
}

export function chooseMessageTab(tab: MessageTab): void {
  box.set({ ...box.get(), tab, offset: 0, open: null, done: null, openFailure: null, page: null, failure: null });
}

export function showMessagePage(offset: number): void {
  box.setKey('offset', offset);
}

/** Reads the page of the tab's list (the answer carries the unread count). */
export async function loadMessages(): Promise<void> {
  const { tab, offset } = box.get();
  const division = divisionOf(tab);
  if (!division) return;
  const r = await apiResult<MessageBox>('/v2/api/my/messages', {
    query: { division, offset, limit: PAGE_LIMIT_DEFAULT },
    silent: true,
  });
  if (!r.ok) return box.setKey('failure', r.failure);
  const { unread: count, ...page } = r.value;
  box.setKey('page', page);
  setUnread(count);
}

async function run(call: () => Promise<ApiResult<unknown>>): Promise<boolean> {
  box.setKey('failure', null);
  const r = await call();
  if (!r.ok) {
    box.setKey('failure', r.failure);
    return false;
  }
  await loadMessages();
  return true;
}

/** Opens a message (reading it marks it read), then reads the list and the badge again. */
export async function openMessage(msgId: number): Promise<void> {
  const r = await apiResult<Message>(`/v2/api/my/messages-read/${msgId}`, { method: 'POST', silent: true });
  if (!r.ok) return box.setKey('failure', r.failure);
  box.set({ ...box.get(), open: r.value, done: null, openFailure: null, failure: null });
  void refreshUnread();
  await loadMessages();
}

export function closeMessage(): void {
  box.set({ ...box.get(), open: null, done: null, openFailure: null });
}

/** Opens the compose tab addressed to `loginId`. */
export function replyTo(loginId: string): void {
  box.set({ ...box.get(), tab: 'compose', replyTo: loginId, open: null, done: null, openFailure: null, failure: null });
}

export function deleteMessages(msgIds: number[]): Promise<boolean> {
  return run(() => apiResult('/api/my/messages/delete', { method: 'POST', body: { msgIds }, silent: true }));
}

/** Deletes every message of the tab's list. */
export function deleteAllMessages(): Promise<boolean> {
  const division = divisionOf(box.get().tab);
  if (!division) return Promise.resolve(false);
  return run(() => apiResult('/api/my/messages/alldelete', { method: 'POST', body: { division }, silent: true }));
}

async function actOnOpen(
  call: (open: Message) => Promise<ApiResult<unknown>>,
  done: 'reported' | 'blocked' | 'deleted',
): Promise<void> {
  const open = box.get().open;
  if (!open) return;
  box.set({ ...box.get(), done: null, openFailure: null });
  const r = await call(open);
  if (!r.ok) return box.setKey('openFailure', r.failure);
  box.set({ ...box.get(), ...(done === 'deleted' ? { open: null, done: null } : { done }) });
  await loadMessages();
}

export function reportOpenMessage(): Promise<void> {
  return actOnOpen(
    (msg) =>
      apiResult(`/api/my/messages/declaration/${msg.msgId}`, { method: 'POST', body: { reason: '' }, silent: true }),
    'reported',
  );
}

/** Blocks the sender of the opened message. */
export function blockSender(): Promise<void> {
  return actOnOpen((msg) => block(msg.loginId), 'blocked');
}

export function deleteOpenMessage(): Promise<void> {
  return actOnOpen(
    (msg) => apiResult('/api/my/messages/delete', { method: 'POST', body: { msgIds: [msg.msgId] }, silent: true }),
    'deleted',
  );
}

/** Sends a message (checked with the API's schema first, then trimmed); the badge is read again afterwards. */
export async function sendMessage(loginId: string, content: string): Promise<ApiFailure | null> {
  const input = checkInput(messageSendBody, { loginId, content });
  if (!input.ok) return input.failure;
  const r = await apiResult<MessageSent>('/v2/api/my/messages', { method: 'POST', body: input.value, silent: true });
  if (!r.ok) return r.failure;
  void refreshUnread();
  return null;
}

const blacklist = map<{ list: BlockedMember[] | null; failure: ApiFailure | null }>({ list: null, failure: null });
export const $blacklist: ReadableAtom<{ list: BlockedMember[] | null; failure: ApiFailure | null }> = blacklist;

/** Reads the black list (and the blocked IDs with it). */
export async function loadBlacklist(): Promise<void> {
  void loadBlocked({ force: true });
  const r = await apiResult<BlacklistPage>('/api/my/blacklist', { silent: true });
  if (r.ok) blacklist.setKey('list', r.value.list);
  else blacklist.setKey('failure', r.failure);
}

/** Blocks a member; the lists follow. The answer is the call's, for callers that show it themselves. */
async function block(loginId: string): Promise<ApiResult<unknown>> {
  const r = await apiResult('/api/my/blacklist', { method: 'POST', body: { loginId }, silent: true });
  if (r.ok) await loadBlacklist();
  return r;
}

/** Blocks from the black list's own form (checked with the API's schema first); true once listed. */
export async function addToBlacklist(loginId: string): Promise<boolean> {
  blacklist.setKey('failure', null);
  const input = checkInput(blockBody, { loginId });
  const r = input.ok ? await block(input.value.loginId) : input;
  if (!r.ok) blacklist.setKey('failure', r.failure);
  return r.ok;
}

export async function unblock(loginId: string): Promise<void> {
  const r = await apiResult(`/api/my/blacklist/${encodeURIComponent(loginId)}`, { method: 'DELETE', silent: true });
  if (r.ok) await loadBlacklist();
  else blacklist.setKey('failure', r.failure);
}
