import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceStatus } from '../db/schema/index.ts';

export const SERVICE_MODES = ['normal', 'maintenance', 'emergency'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];

/** The current mode; a database without the row is in normal service. */
export async function readServiceMode(db: Db): Promise<ServiceMode> {
  const [row] = await db.select({ mode: serviceStatus.mode }).from(serviceStatus).where(eq(serviceStatus.id, 1));
  return (row?.mode as ServiceMode | undefined) ?? 'normal';
}

export async function writeServiceMode(db: Db, mode: ServiceMode): Promise<void> {
  await db
    .insert(serviceStatus)
    .values({ id: 1, mode })
    .onConflictDoUpdate({ target: serviceStatus.id, set: { mode, updatedAt: sql`now()` } });
}
