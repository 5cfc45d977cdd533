/** The partner variant of sign-up (SPEC §2): `asp_code` and `userkey` in the query. */
export interface SignupContext {
  aspCode?: string;
  userkey?: string;
}

/** The partner context of a query string, or null when it is not the partner variant. */
export function partnerFromQuery(search: string): SignupContext | null {
  const q = new URLSearchParams(search);
  const aspCode = q.get('asp_code')?.trim();
  const userkey = q.get('userkey')?.trim();
  return aspCode && userkey ? { aspCode, userkey } : null;
}
