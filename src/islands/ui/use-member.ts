import { useEffect } from 'react';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';

/** The session for a members-only island: loads it once and opens the members-only dialog for guests. */
export function useMember() {
  const session = useSession();
  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status === 'guest') showMembersOnly();
    });
  }, []);
  return session;
}
