/**
 * What a 503 does (SPEC §4: "A 503 goes to the maintenance page"): the page goes to the maintenance notice when the
 * service is in maintenance or down, as its status says. A 503 of one call while the service answers that it is up
 * leaves the page where it is, its form as typed, for the caller's retry: the maintenance page would only send the
 * visitor home (SPEC §4 "Maintenance"). Loaded only when a 503 comes.
 */
import { PAGE } from '../../domain/routes.ts';

async function serviceIsUp(): Promise<boolean> {
  try {
    const res = await fetch('/api/service/status', { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return res.status !== 503;
    const body = (await res.json()) as { status?: unknown } | null;
    return body?.status !== 'maintenance';
  } catch {
    // No answer at all: the network, not the service; the page stays (the caller says it failed).
    return true;
  }
}

export async function toMaintenanceUnlessUp(): Promise<void> {
  if (window.location.pathname.replace(/\/$/, '') === PAGE.maintenance) return;
  if (!(await serviceIsUp())) window.location.assign(PAGE.maintenance);
}
