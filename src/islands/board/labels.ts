import type { Locale } from '../../../domain/locales.ts';
import type { BoardCategory } from '../../../domain/categories.ts';
import { m } from '../../paraglide/messages.js';

const LABELS: Record<BoardCategory, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
  free: m.board_cat_free,
  fan: m.board_cat_fan,
  question: m.board_cat_question,
  notice: m.board_cat_notice,
};

/** The label of a board category; one the site does not know reads as "free". */
export function categoryLabel(c: string, locale: Locale): string {
  return (LABELS[c as BoardCategory] ?? LABELS.free)({}, { locale });
}
