import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S, signAccessToken, verifyAccessToken } from './access-token.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers the same claims for a token verified again (remembered until it expires)', async () => {
    const token = await signAccessToken(42, 'sid-1', SECRET);
    const first = await verifyAccessToken(token, SECRET);
    expect(first).toMatchObject({ sub: '42', sid: 'sid-1' });
    expect(await verifyAccessToken(token, SECRET)).toEqual(first);
  });

  it('refuses a remembered token once it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
    const token = await signAccessToken(43, 'sid-2', SECRET);
    expect(await verifyAccessToken(token, SECRET)).not.toBeNull();
    vi.setSystemTime(new Date(Date.parse('2026-11-24T00:00:00Z') + ACCESS_TOKEN_TTL_S * 1000));
    expect(await verifyAccessToken(token, SECRET)).toBeNull();
  });

  it('never lets a remembered token pass under another secret, nor a tampered copy', async () => {
    const token = await signAccessToken(44, 'sid-3', SECRET);
    expect(await verifyAccessToken(token, SECRET)).not.toBeNull();
    expect(await verifyAccessToken(token, `${SECRET}-other`)).toBeNull();
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: '1' })).toString('base64url')}.${signature}`;
    expect(await verifyAccessToken(forged, SECRET)).toBeNull();
    expect(await verifyAccessToken(`${token.slice(0, -2)}xx`, SECRET)).toBeNull();
  });
});
