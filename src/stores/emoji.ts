/** $emoji: the emoji set for the chat picker (favorites first), loaded once on first open. */
import { atom, type ReadableAtom } from 'nanostores';
import { apiRequest } from '../lib/api-client.ts';

export interface Emoji {
  emojiId: number;
  code: string;
  title: string;
  glyph: string;
  favorite: boolean;
}

const emoji = atom<Emoji[]>([]);
export const $emoji: ReadableAtom<Emoji[]> = emoji;
let loading: Promise<void> | null = null;

export function loadEmoji(loginId?: string): Promise<void> {
  loading ??= apiRequest<{ list: Emoji[] }>(`/api/guest/show-emoji${loginId ? `?loginId=${encodeURIComponent(loginId)}` : ''}`, { silent: true })
    .then((r) => emoji.set(r.list))
    .catch(() => {
      loading = null;
    });
  return loading;
}
