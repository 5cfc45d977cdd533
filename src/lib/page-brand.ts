import { brandById, DEFAULT_BRAND, isBrandId, type Brand } from '../../domain/brands.ts';

/** The brand this page was built for (`<html data-brand>`); the default brand outside a browser. */
export function pageBrand(): Brand {
  const id = typeof document === 'undefined' ? undefined : document.documentElement.dataset.brand;
  return id && isBrandId(id) ? brandById(id) : DEFAULT_BRAND;
}
