import { useEffect, useState } from 'react';
import { callbackFromQuery } from '../../stores/auth-callback.ts';

export interface SignupPageState {
  ready: boolean;
  search: string;
  callbackURL: string;
  recommendId: string;
  adult: boolean;
}

/** What a sign-up page reads from its query string (static pages learn it only in the browser). */
export function useSignupPageState(): SignupPageState {
  const [state, setState] = useState<SignupPageState>({ ready: false, search: '', callbackURL: '/', recommendId: '', adult: false });
  useEffect(() => {
    const search = location.search;
    const q = new URLSearchParams(search);
    setState({
      ready: true,
      search,
      callbackURL: callbackFromQuery(search),
      recommendId: (q.get('recommendId') ?? '').replace(/\s+/g, '').slice(0, 15),
      adult: q.get('adult') === '1',
    });
  }, []);
  return state;
}

/** The completed page for the state: welcome panel, keeping callbackURL and the adult flag. */
export function completedHref(s: SignupPageState): string {
  const q = new URLSearchParams({ callbackURL: s.callbackURL });
  if (s.adult) q.set('adult', '1');
  return `/completed/signup?${q}`;
}
