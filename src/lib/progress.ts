/**
 * The top progress bar (SPEC §2: #29d, 2px): plain DOM, so it runs before any island hydrates.
 * Navigations and API requests each hold a "job"; the bar shows while any job runs.
 */
export const PROGRESS_BAR_ID = 'flx-progress';

let jobs = 0;

function bar(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(PROGRESS_BAR_ID);
}

function render(): void {
  const el = bar();
  if (!el) return;
  el.dataset.state = jobs > 0 ? 'loading' : 'idle';
}

/** Starts a job; returns the function that ends it (safe to call twice). */
export function startProgress(): () => void {
  jobs += 1;
  render();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    jobs = Math.max(0, jobs - 1);
    render();
  };
}

/** Clears every job: a page shown from the back/forward cache has no navigation running. */
function resetProgress(): void {
  jobs = 0;
  render();
}

/** True when a click on `anchor` leaves this page for another page of ours. */
function isPageNavigation(event: MouseEvent, anchor: HTMLAnchorElement, here: Location): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return false;
  }
  if (url.origin !== here.origin) return false;
  // A jump inside the same page is not a navigation.
  return !(url.pathname === here.pathname && url.search === here.search && url.hash !== '');
}

/** Wires the bar to link clicks and form submissions; called once by the shell script. */
export function watchNavigations(): void {
  let end: (() => void) | null = null;
  const begin = () => {
    end?.();
    end = startProgress();
  };
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement && isPageNavigation(event, anchor, window.location)) begin();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) begin();
  });
  window.addEventListener('pageshow', () => {
    end = null;
    resetProgress();
  });
}
