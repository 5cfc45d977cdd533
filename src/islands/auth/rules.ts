/**
 * Everything the forms need once the user acts: the shared schemas, their localised messages,
 * the live checks and the sign-up call. Loaded on first use (a blur or a submit) through loadRules(), so valibot and
 * the message table
 * are not part of the JavaScript a sign-up page downloads up front.
 */
export {
  foreignerPasswordSchema,
  loginIdSchema,
  nicknameSchema,
  passwordSchema,
} from '../../../domain/schemas/fields.ts';
export { foreignerSignupSchema, signupSchema } from '../../../domain/schemas/signup.ts';
export { crossFieldErrors, fieldError, fieldErrors, localizeText, type FieldErrors } from './validate.ts';
export { failureText } from '../../lib/error-text.ts';
export {
  checkLoginIdFree,
  checkNicknameFree,
  checkRecommenderExists,
  signUp,
  signupErrorField,
} from '../../stores/auth-signup.ts';
export { FORM_TEXTS } from '../../../domain/schemas/texts.ts';
export { auth_check_ok_login_id, auth_check_ok_nickname } from '../../paraglide/messages.js';
