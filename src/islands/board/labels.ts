import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

export function categoryLabel(c: string, locale: Locale): string {
  const o = { locale };
  switch (c) {
    case 'fan':
      return m.board_cat_fan({}, o);
    case 'question':
      return m.board_cat_question({}, o);
    case 'notice':
      return m.board_cat_notice({}, o);
    default:
      return m.board_cat_free({}, o);
  }
}
