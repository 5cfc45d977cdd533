import { describe, expect, it } from 'vitest';
import { classifyApiError } from './api-errors.ts';

describe('classifyApiError (SPEC §4, §8)', () => {
  it('a 401 session_expired from the edge ends the session', () => {
    expect(classifyApiError(401, { error: 'session_expired', error_msg: 'x' })).toEqual({ kind: 'sessionExpired' });
  });
  it('any other 401 is left to the caller', () => {
    expect(classifyApiError(401, { error: 'unauthorized', error_msg: 'sign in' })).toEqual({ kind: 'none' });
  });
  it('503 is maintenance, whatever the body', () => {
    expect(classifyApiError(503, undefined)).toEqual({ kind: 'maintenance' });
    expect(classifyApiError(503, { error_msg: 'down' })).toEqual({ kind: 'maintenance' });
  });
  it('other 5xx are reported, not alerted', () => {
    expect(classifyApiError(500, { message: 'boom' })).toEqual({ kind: 'report' });
    expect(classifyApiError(502, 'Bad gateway')).toEqual({ kind: 'report' });
  });
  it('a message without a code becomes an alert', () => {
    expect(classifyApiError(400, { error_msg: '잘못된 요청입니다.' })).toEqual({
      kind: 'alert',
      text: '잘못된 요청입니다.',
    });
    expect(classifyApiError(409, { message: ' taken ' })).toEqual({ kind: 'alert', text: 'taken' });
    expect(classifyApiError(400, { msg: 'nope', error: '' })).toEqual({ kind: 'alert', text: 'nope' });
  });
  it('a coded error (ours, or sign-in status) stays with the caller', () => {
    expect(classifyApiError(400, { error: 'invalid_input', error_msg: 'bad' })).toEqual({ kind: 'none' });
    expect(classifyApiError(401, { status: 401, msg: '' })).toEqual({ kind: 'none' });
    expect(classifyApiError(423, { status: 423, msg: 'blocked' })).toEqual({ kind: 'none' });
  });
  it('no message, no alert', () => {
    expect(classifyApiError(404, null)).toEqual({ kind: 'none' });
    expect(classifyApiError(400, { error_msg: '   ' })).toEqual({ kind: 'none' });
    expect(classifyApiError(400, { error_msg: 42 })).toEqual({ kind: 'none' });
  });
});
