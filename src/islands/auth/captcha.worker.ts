/// <reference lib="webworker" />
/**
 * Solves an ALTCHA proof-of-work challenge off the main thread (a Web Worker from 'self', so the
 * CSP `worker-src 'self'` allows it). Posts back the base64 payload the API verifies, or null.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';

self.onmessage = async (event: MessageEvent<Challenge>) => {
  const challenge = event.data;
  try {
    const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2') ? pbkdf2 : sha;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) return self.postMessage(null);
    const { parameters, signature } = challenge;
    self.postMessage(btoa(JSON.stringify({ challenge: { parameters, signature }, solution })));
  } catch {
    self.postMessage(null);
  }
};
