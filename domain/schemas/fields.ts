/**
 * Small composable field schemas of SPEC §5. Text inputs have their whitespace stripped first
 * (§5 "Whitespace is stripped from all text inputs"), then the rule runs with its §5 text.
 */
import * as v from 'valibot';
import {
  LOGIN_ID_LENGTH_MAX,
  LOGIN_ID_LENGTH_MIN,
  NAME_LENGTH_MAX,
  NICKNAME_LENGTH_MAX,
  NICKNAME_LENGTH_MIN,
  PASSWORD_INPUT_FOREIGNER_MAX,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  VERIFICATION_CODE_LENGTH,
} from '../limits.ts';
import { FORM_TEXTS as T } from './texts.ts';

/** Any text field: a string, capped before any work, all whitespace removed, NFC-normalised. */
export function strippedString(emptyMessage: string, maxInput = 256) {
  return v.pipe(
    v.string(emptyMessage),
    v.maxLength(maxInput, emptyMessage),
    v.transform((s) => s.replace(/\s+/gu, '').normalize('NFC')),
    // Control characters (NUL above all: PostgreSQL refuses it in text) are never part of a value.
    v.regex(/^[^\p{Cc}]*$/u, emptyMessage),
  );
}

export const LOGIN_ID_PATTERN = new RegExp(`^(?!\\d+$)[a-z0-9]{${LOGIN_ID_LENGTH_MIN},${LOGIN_ID_LENGTH_MAX}}$`);
export const loginIdSchema = v.pipe(
  strippedString(T.loginIdEmpty),
  v.nonEmpty(T.loginIdEmpty),
  v.regex(LOGIN_ID_PATTERN, T.loginIdFormat),
);

/** The fixed set of special characters a password must draw one from. */
export const PASSWORD_SPECIALS = '~`!@#$%^&*()-_=+[]{};:\'",.<>/?\\|';
const escaped = PASSWORD_SPECIALS.replace(/[\\\]\-^[]/g, '\\$&');
const PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${escaped}]+$`);
const PASSWORD_SPECIAL = new RegExp(`[${escaped}]`);
/** A handful of the most common passwords that would otherwise pass the rule (ASVS 6.2.4). */
const COMMON_PASSWORDS = new Set([
  'password1!',
  'qwer1234!',
  'abcd1234!',
  'qwerty123!',
  'p@ssw0rd',
  'p@ssword1',
  'asdf1234!',
  'zxcv1234!',
  'a1234567!',
  'admin1234!',
  '1q2w3e4r!',
  '!qaz2wsx',
]);

function passwordRule(maxLength: number) {
  return v.pipe(
    strippedString(T.passwordEmpty),
    v.nonEmpty(T.passwordEmpty),
    v.minLength(PASSWORD_LENGTH_MIN, T.passwordFormat),
    v.maxLength(maxLength, T.passwordFormat),
    v.regex(PASSWORD_CHARS, T.passwordFormat),
    v.regex(/[A-Za-z]/, T.passwordFormat),
    v.regex(/[0-9]/, T.passwordFormat),
    v.regex(PASSWORD_SPECIAL, T.passwordFormat),
    v.check((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), T.passwordFormat),
  );
}
export const passwordSchema = passwordRule(PASSWORD_LENGTH_MAX);
/** The foreigner form accepts up to 40 characters (SPEC §5, the "second reading"). */
export const foreignerPasswordSchema = passwordRule(PASSWORD_INPUT_FOREIGNER_MAX);

export const NICKNAME_PATTERN = new RegExp(
  `^[가-힣ㄱ-ㅎㅏ-ㅣA-Za-z0-9~\`!@#$%^&*()\\-+=]{${NICKNAME_LENGTH_MIN},${NICKNAME_LENGTH_MAX}}$`,
  'u',
);
export const nicknameSchema = v.pipe(
  strippedString(T.nicknameEmpty),
  v.nonEmpty(T.nicknameEmpty),
  v.regex(NICKNAME_PATTERN, T.nicknameFormat),
);

/** Optional recommender: an empty value means none; anything else must look like an ID. */
export const recommendIdSchema = v.optional(
  v.pipe(
    v.union([v.string(), v.null()], T.recommenderNotFound),
    v.transform((s) => (s ?? '').replace(/\s+/gu, '')),
    v.maxLength(LOGIN_ID_LENGTH_MAX, T.recommenderNotFound),
  ),
  '',
);

/** Names keep their inner spaces (a foreigner's "Given Family"), only the ends are trimmed. */
export const nameSchema = v.pipe(
  v.string(T.nameEmpty),
  v.maxLength(256, T.nameEmpty),
  v.trim(),
  v.normalize('NFC'),
  v.nonEmpty(T.nameEmpty),
  v.maxLength(NAME_LENGTH_MAX, T.nameEmpty),
  v.regex(/^[^\p{Cc}\p{Cf}<>]+$/u, T.nameEmpty),
);

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** `yyyy-MM-dd`, a real calendar day, not in the future, within the last 100 years (SPEC §2, §9). */
export const birthdaySchema = v.pipe(
  strippedString(T.birthdayEmpty),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, T.birthdayEmpty),
  v.check(isRealDate, T.birthdayEmpty),
  v.check((s) => {
    const year = Number(s.slice(0, 4));
    const now = new Date();
    return year >= now.getUTCFullYear() - 100 && s <= now.toISOString().slice(0, 10);
  }, T.birthdayEmpty),
);

export const genderSchema = v.picklist(['M', 'F'], T.genderEmpty);
export const deviceSchema = v.optional(v.picklist(['MOBILEWEB', 'PCWEB'], T.deviceFormat), 'PCWEB');

/** Digits only, PHONE_DIGITS_MIN to PHONE_DIGITS_MAX of them. */
export const phoneSchema = v.pipe(
  strippedString(T.phoneEmpty, 64),
  v.nonEmpty(T.phoneEmpty),
  v.regex(new RegExp(`^\\d{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`), T.phoneFormat),
);
/** Country calling code, digits only (a leading + is accepted and dropped). */
export const countryCodeSchema = v.pipe(
  strippedString(T.countryCodeFormat, 16),
  v.transform((s) => s.replace(/^\+/, '')),
  v.regex(/^\d{1,4}$/, T.countryCodeFormat),
);
export const verificationCodeSchema = v.pipe(
  strippedString(T.codeFormat, 64),
  v.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), T.codeFormat),
);

/** A boolean that also accepts the strings a form might send. */
export const flagSchema = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', 'Y', 'N', '1', '0', 'on'])]),
    v.transform((x) => x === true || x === 'true' || x === 'Y' || x === '1' || x === 'on'),
  ),
  false,
);

/** Opaque short codes (partner code, ASP code, user key, referral code). */
export const shortCodeSchema = v.optional(
  v.pipe(
    v.union([v.string(), v.null()]),
    v.transform((s) => (s ?? '').replace(/\s+/gu, '')),
    v.maxLength(64),
  ),
  '',
);
