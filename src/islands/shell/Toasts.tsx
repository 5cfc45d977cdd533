import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '../../lib/toast.ts';

/** sonner's toaster at top-right; its stylesheet hash is in the page CSP (see Base.astro). */
export default function Toasts() {
  useEffect(toasterMounted, []);
  return <Toaster position="top-right" closeButton={false} />;
}
