import { describe, expect, it } from 'vitest';
import { signinFailureOf } from './auth.ts';

describe('sign-in failures (SPEC §8)', () => {
  it('401 with an empty message is the fixed invalid-account text', () => {
    expect(signinFailureOf(401, { status: 401, msg: '' })).toEqual({ kind: 'invalid' });
    expect(signinFailureOf(401, null)).toEqual({ kind: 'invalid' });
    expect(signinFailureOf(401, { status: 401, msg: '   ' })).toEqual({ kind: 'invalid' });
  });
  it('401 with a message shows that message', () => {
    expect(signinFailureOf(401, { status: 401, msg: '비밀번호 5회 오류' })).toEqual({ kind: 'message', text: '비밀번호 5회 오류' });
  });
  it('423 is the blocked account, whatever the body says', () => {
    expect(signinFailureOf(423, { status: 423, msg: 'x' })).toEqual({ kind: 'blocked' });
  });
  it('other answers show their message or fall back to unknown', () => {
    expect(signinFailureOf(429, { status: 429, msg: 'wait' })).toEqual({ kind: 'message', text: 'wait' });
    expect(signinFailureOf(500, {})).toEqual({ kind: 'unknown' });
  });
});
