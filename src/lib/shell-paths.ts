import { brandLocalePaths } from './static-paths.ts';

/**
 * getStaticPaths() for pages that answer every id from one prebuilt file: the id segment is
 * built as `_` (dist/{brand}/{locale}/channels/_/…); the worker maps `/channels/{digits}` to it
 * and the island reads the real id from the address (docs/ARCHITECTURE.md).
 */
const SHELL_ID = '_';

export function shellPaths() {
  return brandLocalePaths().map((p) => ({ params: { ...p.params, id: SHELL_ID }, props: p.props }));
}
