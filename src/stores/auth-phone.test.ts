import { describe, expect, it } from 'vitest';
import { FORM_TEXTS as T } from '../../domain/schemas/texts.ts';
import { createPhoneVerification } from './auth-phone.ts';

// Only the refusals that happen before any request: the network paths run in tests/e2e/auth-foreigner.spec.ts.
describe('phone verification rules (SPEC §4, §5)', () => {
  it('asks for the phone number first', async () => {
    const p = createPhoneVerification('signup', async () => 'token');
    await p.send('82', '');
    expect(p.$state.get().error).toBe(T.phoneEmpty);
  });

  it('refuses to send before the captcha is solved', async () => {
    const p = createPhoneVerification('signup', async () => 'token');
    await p.send('82', '01012345678');
    expect(p.$state.get().error).toBe(T.captchaIncomplete);
  });

  it('answers "try again later" inside the 60 s lock', async () => {
    const p = createPhoneVerification('signup', async () => 'token');
    p.$state.setKey('lockedUntil', 1_000_000 + 60_000);
    await p.send('82', '01012345678', 1_000_000 + 59_999);
    expect(p.$state.get().error).toBe(T.tryAgainLater);
  });

  it('checks the code is six digits before asking the server', async () => {
    const p = createPhoneVerification('signup', async () => 'token');
    await p.verify('82', '01012345678', '12a45');
    expect(p.$state.get().codeError).toBe(T.codeFormat);
  });

  it('a new number drops a finished check (the token is bound to the old one)', () => {
    const p = createPhoneVerification('signup', async () => 'token');
    p.$state.setKey('token', 'x'.repeat(32));
    p.reset();
    expect(p.$state.get().token).toBe('');
  });
});
