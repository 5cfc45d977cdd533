import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/** Member type codes of SPEC §3: P police, O operator, V member, J genie. */
export function memberTypeLabel(code: string, locale: Locale): string {
  const o = { locale };
  switch (code) {
    case 'P':
      return m.my_member_type_p({}, o);
    case 'O':
      return m.my_member_type_o({}, o);
    case 'J':
      return m.my_member_type_j({}, o);
    default:
      return m.my_member_type_v({}, o);
  }
}

/** Broadcast approval of SPEC §3: 0 unapplied, 1 requested, 2 approved, 3 rejected. */
export function approvalLabel(approval: number, locale: Locale): string {
  const o = { locale };
  switch (approval) {
    case 1:
      return m.my_approval_1({}, o);
    case 2:
      return m.my_approval_2({}, o);
    case 3:
      return m.my_approval_3({}, o);
    default:
      return m.my_approval_0({}, o);
  }
}
