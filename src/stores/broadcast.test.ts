import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { broadcastBody } from '../../domain/schemas/broadcast.ts';
import { bodyOf, draftError, type BroadcastDraft } from './broadcast.ts';

const draft = (patch: Partial<BroadcastDraft> = {}): BroadcastDraft => ({ title: '같이 공부해요', themeId: 6, password: '', removePassword: false, ...patch });

describe('broadcast panel drafts', () => {
  it('checks the title and the password length rule before sending', () => {
    expect(draftError(draft())).toBeNull();
    expect(draftError(draft({ title: '   ' }))).toBe('title');
    expect(draftError(draft({ title: 'x'.repeat(101) }))).toBe('title');
    expect(draftError(draft({ password: 'abc' }))).toBe('password');
    expect(draftError(draft({ password: '가나다라' }))).toBeNull();
    expect(draftError(draft({ password: 'x'.repeat(21) }))).toBe('password');
    // Removing the password ignores whatever is in the field.
    expect(draftError(draft({ password: 'abc', removePassword: true }))).toBeNull();
  });

  it('sends a typed password, null to remove it, and nothing to keep it; every body passes the API schema', () => {
    expect(bodyOf('start', draft({ title: '  제목  ', password: 'pass1' }))).toEqual({ on: true, title: '제목', themeId: 6, password: 'pass1' });
    expect(bodyOf('save', draft({ removePassword: true, password: 'ignored' }))).toEqual({ on: true, title: '같이 공부해요', themeId: 6, password: null });
    expect(bodyOf('save', draft({ themeId: null }))).toEqual({ on: true, title: '같이 공부해요', themeId: null });
    expect(bodyOf('stop', draft({ password: 'pass1' }))).toEqual({ on: false });
    for (const body of [bodyOf('start', draft({ password: 'pass1' })), bodyOf('save', draft({ removePassword: true })), bodyOf('stop', draft())]) {
      expect(v.safeParse(broadcastBody, body).success, JSON.stringify(body)).toBe(true);
    }
  });
});
