/**
 * Where the viewer's picture is in wall time (#40 "chat that waits for the viewer's video").
 * The player writes it (src/islands/player); the chat reads it (src/islands/chat) and holds an
 * incoming line until its moment reaches the screen: shown when `arrivedAtMs <= Date.now() - behindS * 1000`.
 *
 * `behindS`: seconds between the moment a chat line sent now would be stamped (the server's "now",
 * which is the live's real moment) and the frame on the viewer's screen; null when nothing plays
 * or the player cannot tell. `atEdge`: the player is following the live edge (not rewound).
 */
import { atom } from 'nanostores';

export interface Playhead {
  behindS: number | null;
  atEdge: boolean;
}

export const $playhead = atom<Playhead>({ behindS: null, atEdge: true });

export function setPlayhead(next: Playhead): void {
  const cur = $playhead.get();
  if (cur.atEdge === next.atEdge && cur.behindS === next.behindS) return;
  $playhead.set(next);
}
