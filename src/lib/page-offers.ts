import { featureOfPage } from '../../domain/brand-features.ts';
import { pageHas } from './page-brand.ts';

/**
 * Whether this page's brand has the page at `path` (domain/brand-features.ts): links to pages it
 * lacks are not drawn. Apart from page-brand.ts so the pages that draw no such link (the live
 * page) do not ship the table.
 */
export function pageOffers(path: string): boolean {
  const feature = featureOfPage(path);
  return feature === null || pageHas(feature);
}
