import { describe, expect, it } from 'vitest';
import type { SessionMember } from '../app-env.ts';
import { SESSION_CHECK_REUSE_MS, checkGeneration, forgetSessionChecks, recentCheck, rememberCheck } from './session-checks.ts';

const member: SessionMember = { id: 1, loginId: 'viewer01', nickname: 'v', memberType: 'V', identityVerified: false, sessionId: 's' };

describe('session checks', () => {
  it('reuses a pass for SESSION_CHECK_REUSE_MS, then reads again', () => {
    const now = 1_000_000;
    rememberCheck('t1', member, checkGeneration(), now);
    expect(recentCheck('t1', now + SESSION_CHECK_REUSE_MS - 1)).toBe(member);
    expect(recentCheck('t1', now + SESSION_CHECK_REUSE_MS)).toBeUndefined();
  });

  it('a revocation forgets every pass at once', () => {
    rememberCheck('t2', member, checkGeneration());
    forgetSessionChecks();
    expect(recentCheck('t2')).toBeUndefined();
  });

  it('does not remember a check that began before a revocation and answered after it', () => {
    const since = checkGeneration();
    forgetSessionChecks();
    rememberCheck('t3', member, since);
    expect(recentCheck('t3')).toBeUndefined();
  });
});
