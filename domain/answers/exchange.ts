/** Answers of the exchange event (`/api/my/luv/exchange/*`, api/exchange/exchange-routes.ts). */
import * as v from 'valibot';
import { int } from './fields.ts';
import { withdrawal } from './withdrawals.ts';

/** `GET /api/my/luv/exchange/rate`. */
export const exchangeRate = v.object({ rateWonPerLuv: int });
export type ExchangeRate = v.InferOutput<typeof exchangeRate>;

/** `GET /api/my/luv/exchange/amount/total` (the event's total) and `/amount/now` (exchanged so far). */
export const exchangeAmount = v.object({ luv: int });
export type ExchangeAmount = v.InferOutput<typeof exchangeAmount>;

/** `GET /api/my/luv/exchange/status`: my exchanges. */
export const exchangeStatus = v.object({ list: v.array(withdrawal) });
export type ExchangeStatus = v.InferOutput<typeof exchangeStatus>;

export { withdrawalMade as exchangeApplied, type WithdrawalMade as ExchangeApplied } from './withdrawals.ts';
