import { useEffect, useState } from 'react';
import { LOGIN_ID_LENGTH_MAX } from '../../../domain/limits.ts';
import { PAGE } from '../../../domain/routes.ts';
import { callbackFromQuery } from '../../stores/auth-callback.ts';

export interface SignupPageState {
  ready: boolean;
  search: string;
  callbackURL: string;
  recommendId: string;
  adult: boolean;
  /** The nickname of the member whose invitation link (`?refcode=`) brought the visitor; null without one. */
  inviter: string | null;
}

/** What a sign-up page reads from its query string (static pages learn it only in the browser). */
export function useSignupPageState(): SignupPageState {
  const [state, setState] = useState<SignupPageState>({
    ready: false,
    search: '',
    callbackURL: PAGE.home,
    recommendId: '',
    adult: false,
    inviter: null,
  });
  useEffect(() => {
    const search = location.search;
    const q = new URLSearchParams(search);
    const next: SignupPageState = {
      ready: true,
      search,
      callbackURL: callbackFromQuery(search),
      recommendId: (q.get('recommendId') ?? '').replace(/\s+/g, '').slice(0, LOGIN_ID_LENGTH_MAX),
      adult: q.get('adult') === '1',
      inviter: null,
    };
    const refcode = q.get('refcode');
    if (!refcode || next.recommendId) return setState(next);
    // An invitation: its member becomes the recommender once the code is known (an unknown code asks nothing).
    // Loaded only for an invitation: the lookup brings the API client, which the plain sign-up page loads on submit.
    void import('../../stores/auth-invite.ts')
      .then(({ resolveRefcode }) => resolveRefcode(refcode))
      .then((inviter) =>
        setState(inviter ? { ...next, recommendId: inviter.loginId, inviter: inviter.nickname } : next),
      );
  }, []);
  return state;
}

/** The completed page for the state: welcome panel, keeping callbackURL and the adult flag. */
export function completedHref(s: SignupPageState): string {
  const q = new URLSearchParams({ callbackURL: s.callbackURL });
  if (s.adult) q.set('adult', '1');
  return `${PAGE.signupCompleted}?${q}`;
}
