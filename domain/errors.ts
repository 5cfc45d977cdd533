/**
 * The API's error catalogue: a permanent code, its HTTP status and the text the client shows.
 * Codes never change once shipped; texts of SPEC §5/§8 are quoted exactly.
 */

export interface ApiErrorSpec {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429 | 502 | 503;
  message: string;
}

export const API_ERRORS = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  validation_failed: { status: 400, message: 'Please check your input.' },
  unsupported_media_type: { status: 415, message: 'Send the body as application/json.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unauthorized: { status: 401, message: 'Sign in to continue.' },
  invalid_refresh_token: { status: 401, message: 'Your session has ended. Please sign in again.' },
  forbidden: { status: 403, message: 'You cannot do this.' },
  not_found: { status: 404, message: 'No such API endpoint.' },
  login_id_exists: { status: 409, message: 'ID that already exists.' },
  nickname_exists: { status: 409, message: 'Nickname that already exists.' },
  recommender_not_found: { status: 422, message: 'The recommender ID you entered was not found.' },
  phone_verification_required: { status: 422, message: '핸드폰 인증을 완료해주세요.' },
  captcha_failed: { status: 422, message: '검증이 완료되지 않았습니다. 다시 시도하기' },
  try_again_later: { status: 429, message: 'try again later' },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  code_invalid: { status: 422, message: 'The verification code is not correct.' },
  code_expired: { status: 422, message: 'The verification code has expired. Request a new one.' },
  code_locked: { status: 422, message: 'Too many wrong codes. Request a new code.' },
  provider_disabled: { status: 403, message: 'This sign-in method is not available.' },
  social_failed: { status: 400, message: '알 수 없는 오류가 발생하였습니다.' },
  social_not_registered: { status: 404, message: 'No account is linked to this social login yet. Please sign up first.' },
  social_already_registered: { status: 409, message: 'This social login is already linked to an account.' },
  account_not_found: { status: 404, message: 'No account matches what you entered.' },
  invalid_auth_token: { status: 401, message: 'The verification has expired. Please verify again.' },
  blocked: { status: 423, message: '차단된 계정입니다.' },
  sms_unavailable: { status: 502, message: 'The text message could not be sent. Please try again shortly.' },
  identity_unavailable: { status: 502, message: 'Identity verification is not available right now.' },
} as const satisfies Record<string, ApiErrorSpec>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body every non-sign-in API error has. */
export interface ApiErrorBody {
  error: string;
  error_msg: string;
}

export function apiErrorBody(code: ApiErrorCode, message?: string): ApiErrorBody {
  return { error: code, error_msg: message ?? API_ERRORS[code].message };
}
