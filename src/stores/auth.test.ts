import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakePage } from '../testing/fake-api.ts';
import { signIn } from './auth.ts';

/** What signIn() answers when the API refuses with `status` and `body` (SPEC §7's `{ status, msg }`). */
async function failureOf(status: number, body: unknown) {
  fakePage();
  fakeApi({ 'POST /v2/api/auth/signin': { status, body } });
  const r = await signIn({ loginId: 'viewer01', password: 'pw', loginKeep: false, saveId: false });
  return r.ok ? null : r.failure;
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in failures (SPEC §8)', () => {
  it('401 with an empty message is the fixed invalid-account text', async () => {
    expect(await failureOf(401, { status: 401, msg: '' })).toEqual({ kind: 'invalid' });
    expect(await failureOf(401, null)).toEqual({ kind: 'invalid' });
    expect(await failureOf(401, { status: 401, msg: '   ' })).toEqual({ kind: 'invalid' });
  });
  it('401 with a message shows that message', async () => {
    expect(await failureOf(401, { status: 401, msg: '비밀번호 5회 오류' })).toEqual({
      kind: 'message',
      text: '비밀번호 5회 오류',
    });
  });
  it('423 is the blocked account, whatever the body says', async () => {
    expect(await failureOf(423, { status: 423, msg: 'x' })).toEqual({ kind: 'blocked' });
  });
  it('other answers show their message or fall back to unknown', async () => {
    expect(await failureOf(429, { status: 429, msg: 'wait' })).toEqual({ kind: 'message', text: 'wait' });
    expect(await failureOf(500, {})).toEqual({ kind: 'unknown' });
  });
});
