import { expect, it } from 'vitest';
import { identityLaunchUrl } from './auth-identity.ts';

it('goes to the provider in a browser and through the personal-auth app scheme inside the app', () => {
  const provider = 'https://site.example/api/dev/identity?request=abc&x=1';
  expect(identityLaunchUrl(provider, false)).toBe(provider);
  const inApp = new URL(identityLaunchUrl(provider, true));
  expect(inApp.protocol).toBe('personal-auth:');
  expect(inApp.searchParams.get('url')).toBe(provider);
});
