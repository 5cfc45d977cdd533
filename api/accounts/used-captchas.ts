/** Solved captchas, each accepted once. */
import type { Db } from '../db/client.ts';
import { usedCaptchas } from '../db/schema/index.ts';

/** Records the solved captcha's signature; false when it was used before. */
export async function spendCaptcha(db: Db, signature: string): Promise<boolean> {
  const fresh = await db
    .insert(usedCaptchas)
    .values({ signature })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  return fresh.length > 0;
}
