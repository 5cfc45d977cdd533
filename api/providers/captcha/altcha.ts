/**
 * Self-hosted ALTCHA proof of work (altcha-lib 2.x): works offline and in every market, no third
 * party sees the user. Challenges are HMAC-signed and expire; the route records each solved
 * challenge's signature so one solution is accepted once.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import type { PlatformEnv } from '../../config.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;

export interface CaptchaSettings {
  algorithm: 'PBKDF2/SHA-256' | 'SHA-256';
  cost: number;
  counterMin: number;
  counterMax: number;
}

/** A few seconds of work in a browser; the test environment uses a trivial puzzle so tests stay fast. */
export function captchaSettingsFor(env: PlatformEnv): CaptchaSettings {
  return env === 'test'
    ? { algorithm: 'SHA-256', cost: 1, counterMin: 10, counterMax: 100 }
    : { algorithm: 'PBKDF2/SHA-256', cost: 1_000, counterMin: 2_000, counterMax: 5_000 };
}

function secrets(masterSecret: string) {
  const derive = (label: string) => createHmac('sha256', masterSecret).update(label).digest('hex');
  return { hmacSignatureSecret: derive('altcha-signature'), hmacKeySignatureSecret: derive('altcha-key-signature') };
}

const deriveKeyFor = (algorithm: string) => (algorithm === 'SHA-256' ? sha : pbkdf2);

export async function newCaptchaChallenge(
  masterSecret: string,
  settings: CaptchaSettings,
  now = Date.now(),
): Promise<Challenge> {
  return createChallenge({
    algorithm: settings.algorithm,
    cost: settings.cost,
    counter: randomInt(settings.counterMax, settings.counterMin),
    deriveKey: deriveKeyFor(settings.algorithm),
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
    ...secrets(masterSecret),
  });
}

/**
 * Checks a base64 `{ challenge, solution }` payload (what the widget posts). Returns the
 * challenge signature (its one-time id) when the solution is right, null for anything else.
 */
export async function verifyCaptchaToken(
  token: string,
  masterSecret: string,
  settings: CaptchaSettings,
): Promise<string | null> {
  if (!token || token.length > 4096) return null;
  let payload: { challenge?: Challenge; solution?: Solution };
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as typeof payload;
  } catch {
    return null;
  }
  const { challenge, solution } = payload ?? {};
  if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return null;
  if (typeof challenge.signature !== 'string' || challenge.parameters?.algorithm !== settings.algorithm) return null;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey: deriveKeyFor(settings.algorithm),
      ...secrets(masterSecret),
    });
    return result.verified ? challenge.signature : null;
  } catch {
    return null;
  }
}
