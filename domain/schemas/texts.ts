/**
 * The exact texts of SPEC §5 (and §8 where the API answers them). Every schema rule carries one
 * of these as its message, so the form and the API show the same words.
 */
export const FORM_TEXTS = {
  loginIdEmpty: 'Please check ID.',
  loginIdFormat: 'ID (6~15 characters, alphanumeric)',
  loginIdExists: 'ID that already exists.',
  passwordEmpty: 'Please check password.',
  passwordFormat: 'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
  passwordMismatch: 'The password does not match.',
  nicknameEmpty: 'Please check nickname.',
  /** §5 gives no text for a malformed nickname; this one names the rule the same way the ID text does. */
  nicknameFormat: 'Nickname (2~10 characters, Korean, English, numbers, ~`!@#$%^&*()-+=)',
  nicknameExists: 'Nickname that already exists.',
  recommenderNotFound: 'The recommender ID you entered was not found.',
  birthdayEmpty: 'Please check birthday.',
  nameEmpty: 'Please check name.',
  genderEmpty: 'Please check gender.',
  phoneVerificationRequired: '핸드폰 인증을 완료해주세요.',
  termsRequired: '필수약관에 동의해주셔야 합니다.',
  phoneEmpty: 'Please enter your phone number.',
  phoneFormat: 'Please enter your phone number using digits only.',
  codeFormat: 'Please enter the verification code using digits only.',
  countryCodeFormat: 'Please choose a country code.',
  tryAgainLater: 'try again later',
  captchaIncomplete: '검증이 완료되지 않았습니다. 다시 시도하기',
  deviceFormat: 'device must be MOBILEWEB or PCWEB.',
} as const;
