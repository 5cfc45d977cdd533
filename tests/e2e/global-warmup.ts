/**
 * Runs once the stack answers and before the first test: makes sure the browser's Debian packages
 * (Chromium, the Korean fonts) are there, then warms up. The first requests through a cold
 * `wrangler dev` and a cold API (module loading, JIT, the first argon2 hash) can take seconds,
 * which otherwise all land on whichever test runs first and push it past its timeout.
 */
import type { FullConfig } from '@playwright/test';
import { ensureChromium } from '../../scripts/ensure-chromium.ts';

export default async function warmUp(config: FullConfig): Promise<void> {
  // Korean pages are measured and compared with Korean fonts, as a Korean visitor sees them.
  ensureChromium();
  const base = config.projects[0]?.use.baseURL;
  if (!base) return;
  const get = (path: string) =>
    fetch(new URL(path, base)).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
  await Promise.all(['/', '/signin', '/signup', '/cs', '/api/lives?limit=1', '/api/guest/themes'].map(get));
  await fetch(new URL('/v2/api/auth/signin', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginId: 'warmup-nobody',
      password: 'not-a-password1!',
      loginKeep: false,
      saveId: false,
      device: 'PCWEB',
    }),
  }).then(
    (r) => r.arrayBuffer(),
    () => undefined,
  );
}
