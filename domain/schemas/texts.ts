/**
 * The words of SPEC §5 (and §8 where the API answers them), as message keys of messages/: every
 * schema rule carries one of these as its message. The API answers the key's text in the caller's
 * language (api/http/request.ts) and the form shows it in the page's (src/islands/auth/validate.ts),
 * so both say the same words. The English texts are exactly §5's; where §5 quotes Korean, the
 * Korean text is.
 */
export const FORM_TEXTS = {
  loginIdEmpty: 'auth_error_login_id_check',
  loginIdFormat: 'auth_error_login_id_rule',
  loginIdExists: 'auth_error_login_id_exists',
  passwordEmpty: 'auth_error_password_empty',
  passwordFormat: 'auth_error_password_rule',
  passwordMismatch: 'auth_error_password_mismatch',
  nicknameEmpty: 'auth_error_nickname_empty',
  /** §5 gives no text for a malformed nickname; this one names the rule the same way the ID text does. */
  nicknameFormat: 'auth_error_nickname_rule',
  nicknameExists: 'auth_error_nickname_exists',
  recommenderNotFound: 'auth_error_recommender_notfound',
  birthdayEmpty: 'auth_error_birthday',
  nameEmpty: 'auth_error_name',
  genderEmpty: 'auth_error_gender',
  phoneVerificationRequired: 'auth_error_phone_verification',
  termsRequired: 'auth_error_terms_required',
  phoneEmpty: 'auth_error_phone_missing',
  phoneFormat: 'auth_error_phone_format',
  codeFormat: 'auth_error_code_format',
  countryCodeFormat: 'auth_error_country_code',
  tryAgainLater: 'auth_error_try_later',
  captchaIncomplete: 'auth_error_captcha',
  deviceFormat: 'auth_error_device',
} as const;
