/** Calls of the my page and the broadcaster tools (SPEC §7 My). */
import { apiRequest } from '../../lib/api-client.ts';

export interface ViewMain {
  loginId: string;
  nickname: string;
  memberType: string;
  PI: boolean;
  unreadMessages: number;
  openInquiries: number;
  reports: number;
  blacklist: number;
  recentViews: number;
  subscriptions: number;
  channel: { channelId: number | null; approval: number };
}
export interface Settings {
  isView: boolean;
  isVibes: boolean;
  isSponser: boolean;
  memberSortCode: number;
  isBigFan: boolean;
}
export interface StreamCard {
  channelId: number;
  loginId: string;
  nickname: string;
  streamId: number | null;
  title: string | null;
  broadcasting: boolean;
  viewedAt?: string;
}
export interface ChannelProfile {
  channelId: number;
  title: string;
  introduction: string;
  adultBroadcast: boolean;
  adultPlusBroadcast: boolean;
  presets: number[];
  approval: number;
  subscriptions: number;
  notices: { noticeId: number; title: string; content: string; createdAt: string }[];
}
export interface Register {
  approval: number;
  channelId: number | null;
  channelTitle: string | null;
}

export const viewMain = (device: 'PCWEB' | 'MOBILEWEB') => apiRequest<ViewMain>('/api/my/view-main', { query: { device }, silent: true });
export const saveSettings = (settings: Settings) => apiRequest<{ settings: Settings }>('/api/my/setting', { method: 'POST', body: settings, silent: true });
export const listPlayed = () => apiRequest<{ list: StreamCard[] }>('/api/my/streams/played', { silent: true });
export const deletePlayed = (streamId: number) => apiRequest(`/api/my/streams/played/${streamId}`, { method: 'DELETE', silent: true });
export const listFollowed = () => apiRequest<{ list: StreamCard[] }>('/api/my/streams/subscriptions', { silent: true });
export const deleteFollowed = (channelId: number) => apiRequest(`/api/my/streams/subscriptions/${channelId}`, { method: 'DELETE', silent: true });

export const channelProfile = () => apiRequest<ChannelProfile>('/api/my/channel/profile', { silent: true });
export const saveChannelProfile = (body: { title: string; introduction: string; adultBroadcast: boolean; adultPlusBroadcast: boolean }) =>
  apiRequest('/api/my/channel/profile', { method: 'PUT', body, silent: true });
export const saveLuvPreset = (presets: number[]) =>
  apiRequest<{ presets: number[] }>('/api/my/channel/luv-preset', { method: 'POST', body: { presets }, silent: true });
export const registerState = () => apiRequest<Register>('/api/my/chennel-register', { silent: true });
export const applyRegister = (channelTitle: string, introduction: string) =>
  apiRequest('/api/my/chennel-register', { method: 'POST', body: { channelTitle, introduction }, silent: true });
export const postNotice = (title: string, content: string) =>
  apiRequest<{ noticeId: number }>('/api/my/channel/notice', { method: 'POST', body: { title, content }, silent: true });
export const putNotice = (id: number, title: string, content: string) =>
  apiRequest(`/api/my/channel/notice/${id}`, { method: 'PUT', body: { title, content }, silent: true });
export const deleteNotice = (id: number) => apiRequest(`/api/my/channel/notice/${id}`, { method: 'DELETE', silent: true });
