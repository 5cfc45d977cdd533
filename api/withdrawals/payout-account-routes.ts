/**
 * `POST /api/cs/accountChange` {memberId?, phone, bankCode, bankHolderName, bankAccount}: the
 * caller's own payout bank account, only after identity verification (PI). Banks: `GET /api/my/banks`.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { payoutAccountChanged, type PayoutAccountChanged } from '../../domain/answers/withdrawals.ts';
import { accountChangeBody } from '../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import { maskAccount, savePayoutAccount } from './payout-accounts.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, documented, ERROR_CODES_KEY } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { brandOffers } from '../http/features.ts';

/** Identity-verified members only (behind requireMember()): a payout account names a real person. */
function requireIdentityVerified(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function requireIdentityVerifiedMiddleware(c, next) {
      if (!me(c).identityVerified) return fail(c, 'identity_verification_required');
      await next();
    },
    { [ERROR_CODES_KEY]: ['identity_verification_required'] },
  );
}

export const accountChange = new Hono<ApiEnv>().post(
  '/accountChange',
  doc({
    tag: 'withdrawals',
    summary: 'Sets my payout bank account (identity-verified members only)',
    description:
      '`memberId` (id or login ID) may be sent; anything but the caller is refused. The answer masks the account ' +
      'number.',
    responses: {
      200: {
        description: '{ ok: true, bankCode, bankHolderName, bankAccount (masked) }',
        schema: payoutAccountChanged,
      },
    },
    errors: ['forbidden', 'invalid_phone', 'invalid_bank', 'invalid_account', 'invalid_holder'],
  }),
  brandOffers('withdraw'),
  requireMember(),
  requireIdentityVerified(),
  body(accountChangeBody, {
    fields: {
      phone: 'invalid_phone',
      bankCode: 'invalid_bank',
      bankAccount: 'invalid_account',
      bankHolderName: 'invalid_holder',
    },
    notObject: 'invalid_body',
  }),
  async (c) => {
    const member = me(c);
    const { memberId, phone, bankCode, bankAccount, bankHolderName } = c.req.valid('json');
    if (memberId !== undefined && memberId !== member.id && memberId !== member.loginId) return fail(c, 'forbidden');
    const account = { phone, bankCode, bankAccount, bankHolderName };
    await savePayoutAccount(c.get('deps').database.db, member.id, account, new Date());
    const answer = { ok: true as const, bankCode, bankHolderName, bankAccount: maskAccount(bankAccount) };
    return c.json(answer satisfies PayoutAccountChanged);
  },
);
