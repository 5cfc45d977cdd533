/**
 * The open-redirect corpus against every consumer of a callbackURL (SECURITY-CHECKLIST "Redirects",
 * "Sign-in with every open-redirect payload as callbackURL ends on our origin"; ASVS 1.2.2, 3.7.2):
 * - the site's sources of a redirect target: the page query (callbackFromQuery), the social round
 *   trip (sessionStorage), identity verification (sessionStorage), the sign-in redirect, the
 *   sign-in and members-only dialogs;
 * - a source scan: every navigation sink in src/, worker/ and api/ is one reviewed here, so a new
 *   one fails until someone checks where its target comes from.
 * The worker's own redirects are driven in worker-redirects.test.ts, the API's in idor.test.ts "redirects".
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIRECT_PAYLOADS, staysOn } from './redirect-corpus.ts';

/** A browser-ish global scope for the site modules: storage, location and a fetch that says "guest". */
const store = new Map<string, string>();
const assigned: string[] = [];
beforeAll(() => {
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  });
  const location = {
    origin: 'https://www.flxtv.example',
    href: 'https://www.flxtv.example/signin',
    pathname: '/signin',
    search: '',
    assign: (u: string) => void assigned.push(u),
  };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  vi.stubGlobal('document', {
    cookie: '',
    addEventListener: () => {},
    removeEventListener: () => {},
    visibilityState: 'visible',
  });
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response('{"error":"unauthorized","error_msg":"x"}', {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterAll(() => vi.unstubAllGlobals());

describe('site consumers', () => {
  it.each(REDIRECT_PAYLOADS.map((p) => [JSON.stringify(p).slice(0, 60), p]))(
    '%s stays on our origin everywhere',
    async (_, payload) => {
      const { callbackFromQuery } = await import('../../src/stores/auth-callback.ts');
      const { SOCIAL_CALLBACK_KEY } = await import('../../src/stores/auth-social.ts');
      const { takeSocialCallback } = await import('../../src/stores/auth-social-callback.ts');
      const { finishIdentityVerification, IDENTITY_CALLBACK_KEY } = await import('../../src/stores/auth-identity.ts');
      const { redirectAfterSignin } = await import('../../src/stores/auth.ts');
      const modals = await import('../../src/stores/modals.ts');
      const targets: string[] = [];

      targets.push(callbackFromQuery(`?${new URLSearchParams({ callbackURL: payload })}`));
      // The raw query as an attacker may write it (not encoded by us).
      targets.push(callbackFromQuery(`?callbackURL=${payload}`));
      store.set(SOCIAL_CALLBACK_KEY, payload);
      targets.push(takeSocialCallback());
      store.set(IDENTITY_CALLBACK_KEY, payload);
      const identity = (await finishIdentityVerification()).callbackURL;
      if (identity !== null) targets.push(identity);
      vi.useFakeTimers();
      try {
        redirectAfterSignin(payload);
        vi.runAllTimers();
      } finally {
        vi.useRealTimers();
      }
      targets.push(assigned.pop()!);
      modals.openAuthDialog({ tab: 'signin', callbackURL: payload });
      targets.push(modals.$authDialog.get()!.callbackURL);
      modals.showMembersOnly(payload);
      const dialog = modals.$dialog.get() as { callbackURL?: string } | null;
      targets.push(dialog!.callbackURL!);

      // Identity verification has nothing to go back to for an empty callback (null): six then.
      expect(targets.length).toBe(payload === '' ? 6 : 7);
      for (const t of targets) expect(staysOn(t), `${JSON.stringify(payload)} → ${JSON.stringify(t)}`).toBe(true);
    },
  );

  it('keeps an ordinary same-site callback intact (the consumers are not just answering "/")', async () => {
    const { callbackFromQuery } = await import('../../src/stores/auth-callback.ts');
    expect(callbackFromQuery('?callbackURL=%2Fchannels%2F12%2Flive%3Fx%3D1')).toBe('/channels/12/live?x=1');
  });
});

describe('navigation sinks in the source', () => {
  /** file → how many sinks it has, and where each target comes from. */
  const REVIEWED: Record<string, [number, string]> = {
    'src/stores/auth.ts': [1, 'redirectAfterSignin: safeCallbackUrl (driven above)'],
    'src/stores/auth-social.ts': [1, 'a fixed API path per provider'],
    'src/stores/auth-identity.ts': [1, 'the provider URL the API names, http(s) only'],
    'src/islands/auth/SignUpPanel.tsx': [1, 'safeCallbackUrl at the sink'],
    'src/islands/auth/WelcomePanel.tsx': [1, 'safeCallbackUrl at the sink'],
    'src/stores/identity-popup.ts': [
      2,
      'the fixed personal-auth path in a popup; without a popup the same path with the callback as a query value ' +
        '(finishIdentityVerification checks it, driven above)',
    ],
    'src/islands/auth/PersonalAuth.tsx': [1, 'finishIdentityVerification (driven above)'],
    'src/islands/auth/CompletedPage.tsx': [1, 'callbackFromQuery (driven above)'],
    'src/islands/auth/GuestAuth.tsx': [1, 'callbackFromQuery (driven above)'],
    'src/islands/auth/SocialSignupForm.tsx': [1, 'its prop, from takeSocialCallback in OAuthCallback (driven above)'],
    'src/islands/auth/OAuthCallback.tsx': [1, 'takeSocialCallback (driven above)'],
    'src/islands/auth/SignupPage.tsx': [1, 'completedHref: a fixed path + the callbackFromQuery value'],
    'src/islands/auth/ForeignerSignupPage.tsx': [1, 'completedHref, as above'],
    'src/islands/shell/MemberAccount.tsx': [
      1,
      'the fixed home page (PAGE.home) after signing out on a members-only page',
    ],
    'src/islands/my/SignOutEverywhere.tsx': [1, 'the fixed home page (PAGE.home) after signing out on every device'],
    'src/lib/maintenance-check.ts': [1, 'the fixed maintenance path, when the service status says it is down'],
    'worker/redirect.ts': [1, 'safeCallbackUrl at the sink (worker-redirects.test.ts)'],
    'worker/routes/signin-link.ts': [
      2,
      'safeCallbackUrl at the sink, and the fixed sign-in path with it URL-encoded (signin-link.test.ts)',
    ],
    'api/dev/dev-oauth-routes.ts': [1, 'a fixed path with URL-encoded code and state'],
    'api/dev/dev-identity-routes.ts': [1, 'a fixed path'],
    'api/dev/dev-payment-pages.ts': [
      1,
      'the stand-in PortOne script: a fixed simulator path on location.origin (the redirectUrl rides along as a ' +
        'query value)',
    ],
    'api/dev/dev-payment-window-routes.ts': [2, 'backTo(): safeCallbackUrl of the redirectUrl path, this origin only'],
    'api/accounts/social-routes.ts': [1, "the provider's configured authorize URL (swept above)"],
  };
  const SINK =
    /location\.(assign|replace)\(|location\.href\s*=|\bc\.redirect\(|window\.open\(|Response\.redirect\(|['"]location['"]\s*[:,]/g;
  const root = resolve(import.meta.dirname, '../..');

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'paraglide' || name === 'testing' ? [] : sourceFiles(path);
      return /\.(ts|tsx|astro)$/.test(name) &&
        !/\.test\.tsx?$/.test(name) &&
        !/test-(app|harness|files)\.ts$/.test(name)
        ? [path]
        : [];
    });
  }

  it('has no navigation sink that was not reviewed', () => {
    const found: Record<string, number> = {};
    for (const file of ['src', 'worker', 'api'].flatMap((d) => sourceFiles(join(root, d)))) {
      const n = readFileSync(file, 'utf8').match(SINK)?.length ?? 0;
      if (n) found[relative(root, file)] = n;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(REVIEWED).map(([f, [n]]) => [f, n])));
  });
});
