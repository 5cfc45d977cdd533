/**
 * The API's error catalogue: every code the platform API answers, with its HTTP status. Codes
 * are permanent once shipped (clients in the wild branch on them); the words live in
 * messages/{locale}.json under `error_<code>` (errorMessageKey), so the API answers in the
 * caller's language and the site shows the same text. The answer's other fields fill the
 * message's `{placeholders}` (a spending-cap refusal's `capLuv`, say).
 *
 * Sign-in keeps the `{ status, msg }` shape of SPEC §7; every other refusal is
 * `{ error: code, error_msg: text, …fields }`.
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503;

export const API_ERRORS = {
  // Any request
  bad_request: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  control_characters: { status: 400 },
  validation_failed: { status: 400, message: 'Please check your input.' },
  invalid_paging: { status: 400 },
  invalid_id: { status: 400 },
  unsupported_media_type: { status: 415, message: 'Send the body as application/json.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  not_found: { status: 404, message: 'No such API endpoint.' },
  unauthorized: { status: 401, message: 'Sign in to continue.' },
  forbidden: { status: 403, message: 'You cannot do this.' },
  feature_unavailable: { status: 403 },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  rate_limited: { status: 429 },
  internal: { status: 500 },
  database_unavailable: { status: 503 },

  // Accounts, sessions and verification (SPEC §5, §8)
  login_id_exists: { status: 409, message: 'ID that already exists.' },
  nickname_exists: { status: 409, message: 'Nickname that already exists.' },
  recommender_not_found: { status: 422, message: 'The recommender ID you entered was not found.' },
  phone_verification_required: { status: 422, message: '핸드폰 인증을 완료해주세요.' },
  captcha_failed: { status: 422, message: '검증이 완료되지 않았습니다. 다시 시도하기' },
  try_again_later: { status: 429, message: 'try again later' },
  code_invalid: { status: 422, message: 'The verification code is not correct.' },
  code_expired: { status: 422, message: 'The verification code has expired. Request a new one.' },
  code_locked: { status: 422, message: 'Too many wrong codes. Request a new code.' },
  invalid_refresh_token: { status: 401, message: 'Your session has ended. Please sign in again.' },
  session_expired: { status: 401 },
  invalid_auth_token: { status: 401, message: 'The verification has expired. Please verify again.' },
  account_not_found: { status: 404, message: 'No account matches what you entered.' },
  blocked: { status: 423, message: '차단된 계정입니다.' },
  provider_disabled: { status: 403, message: 'This sign-in method is not available.' },
  social_failed: { status: 400, message: '알 수 없는 오류가 발생하였습니다.' },
  social_not_registered: { status: 404, message: 'No account is linked to this social login yet. Please sign up first.' },
  social_already_registered: { status: 409, message: 'This social login is already linked to an account.' },
  sms_unavailable: { status: 502, message: 'The text message could not be sent. Please try again shortly.' },
  identity_unavailable: { status: 502, message: 'Identity verification is not available right now.' },
  identity_verification_required: { status: 403 },
  invalid_signature: { status: 403 },
  unknown_partner_member: { status: 401 },
  login_required: { status: 401 },

  // Channels, lives and recordings
  channel_not_found: { status: 404 },
  stream_not_found: { status: 404 },
  vod_not_found: { status: 404 },
  broadcast_ended: { status: 404 },
  adult_only: { status: 403 },
  password_required: { status: 403 },
  wrong_password: { status: 403 },
  not_channel_owner: { status: 403 },
  not_broadcaster: { status: 403 },
  already_approved: { status: 409 },
  already_requested: { status: 409 },
  emoji_not_found: { status: 404 },

  // Live ingest (docs/INGEST.md): the media server's callbacks and stream keys
  stream_key_invalid: { status: 403 },
  stream_key_in_use: { status: 403 },
  media_server_only: { status: 403 },
  ingest_unavailable: { status: 503 },

  // Messages, blocking, customer service and boards
  target_not_found: { status: 404 },
  message_blocked: { status: 403 },
  blacklist_full: { status: 409 },
  already_reported: { status: 409 },
  file_empty: { status: 400 },
  file_too_large: { status: 413 },
  file_type_not_allowed: { status: 415 },
  image_too_large: { status: 400 },
  too_many_files: { status: 400 },

  // Money (docs/LEDGER.md)
  idempotency_key_required: { status: 400 },
  idempotency_key_reused: { status: 409 },
  invalid_amount: { status: 400 },
  invalid_channel: { status: 400 },
  invalid_message: { status: 400 },
  invalid_count: { status: 400 },
  invalid_item: { status: 400 },
  invalid_product: { status: 400 },
  invalid_method: { status: 400 },
  invalid_plan: { status: 400 },
  invalid_coupon: { status: 400 },
  invalid_payment: { status: 400 },
  invalid_withdrawal: { status: 400 },
  invalid_caps: { status: 400 },
  invalid_days: { status: 400 },
  invalid_phone: { status: 400 },
  invalid_bank: { status: 400 },
  invalid_account: { status: 400 },
  invalid_holder: { status: 400 },
  invalid_webhook: { status: 400 },
  invalid_body: { status: 400 },
  below_minimum: { status: 400 },
  self_gift: { status: 400 },
  self_subscription: { status: 400 },
  insufficient_funds: { status: 409 },
  insufficient_items: { status: 409 },
  spending_cap_exceeded: { status: 409 },
  confirmation_required: { status: 409 },
  item_not_found: { status: 404 },
  product_not_found: { status: 404 },
  payment_not_found: { status: 404 },
  coupon_not_found: { status: 404 },
  coupon_used: { status: 409 },
  payment_final: { status: 409 },
  payment_declined: { status: 409 },
  not_virtual_account: { status: 409 },
  luv_already_spent: { status: 409 },
  refund_refused: { status: 409 },
  gateway_unavailable: { status: 503 },
  subscription_not_found: { status: 404 },
  already_subscribed: { status: 409 },
  not_renewing: { status: 409 },
  withdrawal_not_found: { status: 404 },
  withdrawal_closed: { status: 409 },
  payout_account_missing: { status: 409 },
  fixed_account_missing: { status: 409 },
  exchange_sold_out: { status: 409 },
} as const satisfies Record<
  string,
  { status: ErrorStatus; /** @deprecated legacy English text until every route answers through api/http/errors.ts */ message?: string }
>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The messages/ key of a code's text. */
export function errorMessageKey(code: ApiErrorCode): `error_${ApiErrorCode}` {
  return `error_${code}`;
}

/** The body every API refusal but sign-in's has; a code may add fields of its own. */
export interface ApiErrorBody {
  error: string;
  error_msg: string;
}

/** @deprecated The account routes' old answer; api/http/errors.ts fail() replaces it (in the caller's language). */
export function apiErrorBody(code: ApiErrorCode, message?: string): ApiErrorBody {
  return { error: code, error_msg: message ?? legacyMessage(code) };
}

/** @deprecated See apiErrorBody. */
export function legacyMessage(code: ApiErrorCode): string {
  const spec = API_ERRORS[code] as { message?: string };
  return spec.message ?? code;
}
