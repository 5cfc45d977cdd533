/** Policy texts for the agreement block's view dialog, read from the built /static/{rulesType} pages. */
import { policyPath } from '../../domain/routes.ts';

export type PolicyDoc = 'terms' | 'privacy' | 'marketing';

/** The policy page of each document that has one (marketing consent is only the block's own text). */
export const POLICY_PAGE: Record<Exclude<PolicyDoc, 'marketing'>, string> = {
  terms: policyPath('service-rules'),
  privacy: policyPath('privacy-rules'),
};

const cache = new Map<string, Promise<string>>();

/**
 * The readable text of a policy page (its <main>), or an empty string when the page cannot be
 * loaded: the dialog then still offers the link to the full page.
 */
export function loadPolicyText(doc: Exclude<PolicyDoc, 'marketing'>): Promise<string> {
  const path = POLICY_PAGE[doc];
  let hit = cache.get(path);
  if (!hit) {
    hit = fetch(path, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then((res) => (res.ok ? res.text() : ''))
      .then((html) => {
        const page = new DOMParser().parseFromString(html, 'text/html');
        return (page.querySelector('main') ?? page.body)?.textContent?.trim() ?? '';
      })
      .catch(() => '');
    cache.set(path, hit);
  }
  return hit;
}
