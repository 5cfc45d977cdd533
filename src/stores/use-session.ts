import { useStore } from '@nanostores/react';
import { $session, type SessionState } from './session.ts';

/**
 * The session for an island. While it hydrates, the island renders what the server rendered
 * (status 'unknown'), then the real state: an island that hydrates after another has already
 * loaded the session would otherwise render a member on top of guest HTML (React error #418).
 */
export function useSession(): SessionState {
  return useStore($session, { ssr: 'initial' });
}
