/**
 * Categories the API keeps for what members write (board posts, inquiries, reports): the forms
 * offer them and domain/schemas check them. Plain lists, so that a page offering them does not
 * carry the schemas.
 */

/** Categories of a channel board's posts (`/api/cs/board-*`). */
export const BOARD_CATEGORIES = ['free', 'fan', 'question', 'notice'] as const;
export type BoardCategory = (typeof BOARD_CATEGORIES)[number];
/** Only the channel owner posts in this category. */
export const BOARD_OWNER_ONLY_CATEGORY: BoardCategory = 'notice';

/** Categories of a 1:1 inquiry and of a report (declaration) to customer service. */
export const INQUIRY_CATEGORIES = ['account', 'luv', 'broadcast', 'error', 'etc'] as const;
export const DECLARATION_CATEGORIES = ['abuse', 'spam', 'adult', 'fraud', 'copyright', 'etc'] as const;
