/** Members-only pages (issue 5): `/my` and everything under it. */
export function isMembersOnlyPath(pathname: string): boolean {
  return pathname === '/my' || pathname.startsWith('/my/');
}
