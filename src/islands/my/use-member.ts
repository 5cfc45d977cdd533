import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { showMembersOnly } from '../../stores/modals.ts';
import { $session, loadSession } from '../../stores/session.ts';

/** The session for a members-only island: loads it once and opens the members-only dialog for guests. */
export function useMember() {
  const session = useStore($session);
  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status === 'guest') showMembersOnly();
    });
  }, []);
  return session;
}
