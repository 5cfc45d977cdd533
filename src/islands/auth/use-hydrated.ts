import { useEffect, useState } from 'react';

/**
 * False in the prebuilt HTML and until the island has hydrated. Forms stay disabled until then:
 * what is typed into server-rendered inputs before React takes over would otherwise be wiped.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
