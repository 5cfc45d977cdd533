import { PAGE } from '../../domain/routes.ts';

/** Members-only pages: `/my` and everything under it. */
export function isMembersOnlyPath(pathname: string): boolean {
  return pathname === PAGE.my || pathname.startsWith(`${PAGE.my}/`);
}
