/**
 * Private messages (SPEC §3 message fields): the two boxes a member reads. A message's shape is
 * domain/answers/messages.ts `Message`.
 */

export type Division = 'receive' | 'send';
