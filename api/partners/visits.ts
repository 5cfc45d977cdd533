/** The partner visits the edge registers for signed-out visitors (a partner code, or a Pincrux appkey + pinkey). */
import type { Db } from '../db/client.ts';
import { partnerVisits } from '../db/schema/index.ts';

export type PartnerVisit =
  | { kind: 'partner'; partnerCode: string; brand: string }
  | { kind: 'pincrux'; appkey: string; pinkey: string; brand: string };

export async function recordPartnerVisit(db: Db, visit: PartnerVisit): Promise<void> {
  await db.insert(partnerVisits).values(visit);
}
