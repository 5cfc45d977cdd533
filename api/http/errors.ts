/**
 * Refusals built from the catalogue (domain/errors.ts): the status is the code's, the text is the
 * code's message in the caller's language, and the answer's own fields fill its placeholders.
 * Every 4xx the API sends goes through here.
 */
import type { Context } from 'hono';
import { brandById, isBrandId, type Brand } from '../../domain/brands.ts';
import {
  API_ERRORS,
  errorMessageKey,
  errorVariantKey,
  isApiErrorCode,
  type ApiErrorCode,
} from '../../domain/errors.ts';
import { callerLocale, isMessageKey, text, type TextLocale, type TextParams } from './locale.ts';

export type Fields = Record<string, unknown>;

export interface FailOptions {
  /** Fields the answer carries beside `error` and `error_msg`; they also fill the text's placeholders. */
  fields?: Fields;
  /** Another message key for this one answer (a schema rule's own words, say); the code stays. */
  messageKey?: string;
  /** Headers such as Retry-After. */
  headers?: Record<string, string>;
}

/** The brand's words every text may use: `{currency}`, `{item}`, `{caster}`, `{service}`. */
function brandWords(brand: Brand | null, locale: TextLocale): TextParams {
  const lang = locale === 'ko' ? 'ko' : 'en';
  const b = brand ?? brandById('main');
  return {
    currency: b.currency.shop[lang],
    item: b.currency.item[lang],
    caster: b.casterTitle[lang],
    service: b.serviceName[lang],
  };
}

/** The brand the worker named in `x-brand` (clients cannot set it), or null. */
export function requestBrand(c: Context): Brand | null {
  const id = c.req.header('x-brand') ?? '';
  return isBrandId(id) ? brandById(id) : null;
}

/** A message in the caller's language with the brand's words available as placeholders. */
export function callerText(c: Context, key: string, params: TextParams = {}): string {
  const locale = callerLocale(c);
  return text(locale, key, { ...brandWords(requestBrand(c), locale), ...params });
}

function placeholders(fields: Fields): TextParams {
  const out: TextParams = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** The text of `code` for an answer with `fields`: its variant (domain/errors.ts `textBy`) when messages/ has one. */
function textKey(code: ApiErrorCode, fields: Fields): string {
  const variant = errorVariantKey(code, fields);
  return variant && isMessageKey(variant) ? variant : errorMessageKey(code);
}

/** `{ error, error_msg, …fields }` for `code` in the caller's language. */
export function errorBody(
  c: Context,
  code: ApiErrorCode,
  { fields = {}, messageKey }: Omit<FailOptions, 'headers'> = {},
) {
  return {
    error: code,
    error_msg: callerText(c, messageKey ?? textKey(code, fields), placeholders(fields)),
    ...fields,
  };
}

/** Answers `code` with its catalogue status. */
export function fail(c: Context, code: ApiErrorCode, options: FailOptions = {}): Response {
  return c.json(errorBody(c, code, options), API_ERRORS[code].status, options.headers);
}

/**
 * A stored or computed answer (`{ status, body }`, as the idempotency store keeps them) sent in
 * the caller's language: a refusal is kept as its code and fields only, so a replay in another
 * language reads in that language.
 */
export interface Answer {
  status: number;
  body: Fields;
}

/** A refusal as a value (for work that runs inside a transaction and is stored for replays). */
export function refusal(code: ApiErrorCode, fields: Fields = {}): Answer {
  return { status: API_ERRORS[code].status, body: { error: code, ...fields } };
}

export function sendAnswer(c: Context, answer: Answer, headers?: Record<string, string>): Response {
  const { error, error_msg: _stale, ...fields } = answer.body;
  const body = answer.status >= 400 && isApiErrorCode(error) ? errorBody(c, error, { fields }) : answer.body;
  return c.json(body, answer.status as 200, headers);
}
