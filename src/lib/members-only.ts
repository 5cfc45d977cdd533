/** Members-only pages: `/my` and everything under it. */
export function isMembersOnlyPath(pathname: string): boolean {
  return pathname === '/my' || pathname.startsWith('/my/');
}
