/** The validation rules, fetched once on first use (see rules.ts). */
export type Rules = typeof import('./rules.ts');

let loading: Promise<Rules> | null = null;

export function loadRules(): Promise<Rules> {
  loading ??= import('./rules.ts');
  return loading;
}
