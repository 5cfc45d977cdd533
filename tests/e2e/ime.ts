/** Korean IME input for e2e specs, through Chromium's DevTools protocol. */
import type { Page } from '@playwright/test';

/**
 * Types `text` into the focused field as a Korean IME does: each syllable is composed (compositionstart/update), then
 * committed (compositionend).
 */
export async function composeHangul(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const ch of text) {
    await cdp.send('Input.imeSetComposition', { text: ch, selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.insertText', { text: ch });
  }
  await cdp.detach();
}
