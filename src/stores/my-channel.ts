/**
 * The broadcaster tools of the my pages (SPEC §7 My): the channel application for everyone; the
 * channel profile, the luv gift presets and the channel notices for a channel's owner.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { ChannelProfile, ChannelRegister } from '../../domain/answers/channel-tools.ts';
import { luvPresetBody } from '../../domain/schemas/channel.ts';
import { apiResult, type ApiFailure, type ApiResult } from '../lib/api-client.ts';
import { checkInput } from '../lib/form-input.ts';

export type { ChannelNotice, ChannelProfile } from '../../domain/answers/channel-tools.ts';

export interface ChannelToolsState {
  /** The channel application (SPEC §3 approval: 0 none, 1 requested, 2 approved, 3 rejected). */
  register: ChannelRegister | null;
  /** The owner's channel, once approved. */
  profile: ChannelProfile | null;
  /** What the last action did: an application sent, or a change saved. */
  done: 'applied' | 'saved' | null;
  failure: ApiFailure | null;
  /** The failure of the last notice action (shown by the notices form). */
  noticeFailure: ApiFailure | null;
}

const tools = map<ChannelToolsState>({ register: null, profile: null, done: null, failure: null, noticeFailure: null });
export const $channelTools: ReadableAtom<ChannelToolsState> = tools;

async function read(): Promise<ApiFailure | null> {
  const r = await apiResult<ChannelRegister>('/api/my/chennel-register', { silent: true });
  if (!r.ok) return r.failure;
  tools.setKey('register', r.value);
  if (!r.value.channelId) return null;
  const p = await apiResult<ChannelProfile>('/api/my/channel/profile', { silent: true });
  if (!p.ok) return p.failure;
  tools.setKey('profile', p.value);
  return null;
}

export async function loadChannelTools(): Promise<void> {
  const failure = await read();
  if (failure) tools.setKey('failure', failure);
}

async function act(run: () => Promise<ApiResult<unknown>>, done: 'applied' | 'saved'): Promise<void> {
  tools.set({ ...tools.get(), done: null, failure: null });
  const r = await run();
  if (!r.ok) return tools.setKey('failure', r.failure);
  tools.setKey('done', done);
  const failure = await read();
  if (failure) tools.setKey('failure', failure);
}

/** Applies for a channel (a rejected application may apply again). */
export function applyForChannel(channelTitle: string, introduction: string): Promise<void> {
  return act(
    () => apiResult('/api/my/chennel-register', { method: 'POST', body: { channelTitle, introduction }, silent: true }),
    'applied',
  );
}

/** Saves the channel profile; an adult mark left out (its switch hidden) is not sent. */
export function saveChannelProfile(body: {
  title: string;
  introduction: string;
  adultBroadcast?: boolean;
  adultPlusBroadcast?: boolean;
}): Promise<void> {
  return act(() => apiResult('/api/my/channel/profile', { method: 'PUT', body, silent: true }), 'saved');
}

/**
 * Saves the gift amounts offered to viewers, typed as numbers separated by commas or spaces;
 * amounts the API would refuse (luvPresetBody) are refused here, before any call.
 */
export function saveLuvPresets(typed: string): Promise<void> {
  const presets = typed
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const input = checkInput(luvPresetBody, { presets });
  return act(
    async () =>
      input.ok ? apiResult('/api/my/channel/luv-preset', { method: 'POST', body: input.value, silent: true }) : input,
    'saved',
  );
}

async function noticeAction(run: () => Promise<ApiResult<unknown>>): Promise<boolean> {
  tools.setKey('noticeFailure', null);
  const r = await run();
  if (!r.ok) {
    tools.setKey('noticeFailure', r.failure);
    return false;
  }
  await read();
  return true;
}

/** Writes a new notice, or rewrites notice `noticeId`; true once saved (the list is read again). */
export function saveNotice(noticeId: number | null, title: string, content: string): Promise<boolean> {
  const body = { title, content };
  return noticeAction(() =>
    noticeId === null
      ? apiResult('/api/my/channel/notice', { method: 'POST', body, silent: true })
      : apiResult(`/api/my/channel/notice/${noticeId}`, { method: 'PUT', body, silent: true }),
  );
}

export function deleteNotice(noticeId: number): Promise<boolean> {
  return noticeAction(() => apiResult(`/api/my/channel/notice/${noticeId}`, { method: 'DELETE', silent: true }));
}
