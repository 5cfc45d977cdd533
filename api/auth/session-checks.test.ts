import { describe, expect, it } from 'vitest';
import type { SessionMember } from '../app-env.ts';
import { SESSION_CHECK_REUSE_MS, SessionChecks } from './session-checks.ts';

const member: SessionMember = {
  id: 1,
  loginId: 'viewer01',
  nickname: 'v',
  memberType: 'V',
  identityVerified: false,
  sessionId: 's',
};

describe('session checks', () => {
  it('reuses a pass for SESSION_CHECK_REUSE_MS, then reads again', () => {
    const checks = new SessionChecks();
    const now = 1_000_000;
    checks.remember('t1', member, checks.generation(), now);
    expect(checks.recent('t1', now + SESSION_CHECK_REUSE_MS - 1)).toBe(member);
    expect(checks.recent('t1', now + SESSION_CHECK_REUSE_MS)).toBeUndefined();
  });

  it('a revocation forgets every pass at once', () => {
    const checks = new SessionChecks();
    checks.remember('t2', member, checks.generation());
    checks.forgetAll();
    expect(checks.recent('t2')).toBeUndefined();
  });

  it('does not remember a check that began before a revocation and answered after it', () => {
    const checks = new SessionChecks();
    const since = checks.generation();
    checks.forgetAll();
    checks.remember('t3', member, since);
    expect(checks.recent('t3')).toBeUndefined();
  });

  it('each app has its own checks: a revocation in one leaves the other’s alone', () => {
    const one = new SessionChecks();
    const other = new SessionChecks();
    one.remember('t4', member, one.generation());
    other.remember('t4', member, other.generation());
    one.forgetAll();
    expect(one.recent('t4')).toBeUndefined();
    expect(other.recent('t4')).toBe(member);
  });
});
