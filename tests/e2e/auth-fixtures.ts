/** Shared bits of the auth e2e specs: locales × viewports, exact texts, CSP and axe guards. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 8797);
export const ORIGIN = `http://localhost:${PORT}`;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;

export const LOCALES = ['ko', 'en'] as const;
export type L = (typeof LOCALES)[number];

/** Accessible names of the auth pages, and the texts the specs assert. */
export const T = {
  ko: {
    id: '아이디',
    password: '비밀번호',
    confirm: '비밀번호 확인',
    nickname: '닉네임',
    recommender: '추천인 아이디',
    name: '이름',
    year: '년',
    month: '월',
    day: '일',
    countryCode: '국가번호',
    phone: '휴대폰 번호',
    code: '인증번호',
    signin: '로그인',
    signup: '회원가입',
    send: '전송',
    confirmBtn: '확인',
    keep: '로그인 상태 유지',
    saveId: '아이디 저장',
    terms: '이용약관',
    privacy: '개인정보',
    marketing: '마케팅',
    all: '전체 동의',
    invalid: '계정 정보가 올바르지 않습니다.',
    blocked: '차단된 계정입니다.',
    idEmpty: '아이디를 확인해주세요.',
    idRule: '아이디 (6~15자, 영문 소문자와 숫자)',
    idExists: '이미 존재하는 아이디입니다.',
    pwEmpty: '비밀번호를 확인해주세요.',
    pwRule: '비밀번호 (8~15자, 영문 대소문자, 숫자, 특수문자 포함).',
    pwMismatch: '비밀번호가 일치하지 않습니다.',
    nickEmpty: '닉네임을 확인해주세요.',
    nickExists: '이미 존재하는 닉네임입니다.',
    recNotFound: '입력하신 추천인 아이디를 찾을 수 없습니다.',
    terms_required: '필수약관에 동의해주셔야 합니다.',
    birthday: '생년월일을 확인해주세요.',
    nameEmpty: '이름을 확인해주세요.',
    gender: '성별을 확인해주세요.',
    phoneRequired: '핸드폰 인증을 완료해주세요.',
    phoneMissing: '휴대폰 번호를 입력해주세요.',
    captcha: '검증이 완료되지 않았습니다. 다시 시도하기',
    tryLater: '잠시 후 다시 시도해주세요.',
    welcome: '가입을 환영합니다!',
    // The main brand offers a reward for identity verification (its identityReward flag).
    verify: '본인인증하고 보상 받기',
    close: '닫기',
    captchaLabel: '로봇이 아닙니다',
  },
  en: {
    id: 'ID',
    password: 'Password',
    confirm: 'Confirm password',
    nickname: 'Nickname',
    recommender: 'Recommender ID',
    name: 'Name',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    countryCode: 'Country code',
    phone: 'Phone number',
    code: 'Verification code',
    signin: 'Log in',
    signup: 'Sign up',
    send: 'Send',
    confirmBtn: 'Confirm',
    keep: 'Keep me logged in',
    saveId: 'Save ID',
    terms: 'Terms of service',
    privacy: 'Privacy',
    marketing: 'Marketing',
    all: 'Agree to all',
    invalid: 'The account information is not correct.',
    blocked: 'This account is blocked.',
    idEmpty: 'Please check ID.',
    idRule: 'ID (6~15 characters, alphanumeric)',
    idExists: 'ID that already exists.',
    pwEmpty: 'Please check password.',
    pwRule: 'Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).',
    pwMismatch: 'The password does not match.',
    nickEmpty: 'Please check nickname.',
    nickExists: 'Nickname that already exists.',
    recNotFound: 'The recommender ID you entered was not found.',
    terms_required: 'You must agree to the required terms.',
    birthday: 'Please check birthday.',
    nameEmpty: 'Please check name.',
    gender: 'Please check gender.',
    phoneRequired: 'Please complete phone verification.',
    phoneMissing: 'Please enter your phone number.',
    captcha: 'Verification is not complete. Try again',
    tryLater: 'try again later',
    welcome: 'Welcome aboard!',
    verify: 'Verify your identity and get a reward',
    close: 'Close',
    captchaLabel: 'I am not a robot',
  },
} as const;

export async function useLocale(context: BrowserContext, locale: L): Promise<void> {
  await context.addCookies([{ name: 'locale', value: locale, url: ORIGIN }]);
}

/** Collects CSP violations from the console; assert the list is empty at the end. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

/** No axe violation inside the auth section of the page. */
export async function expectAxeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).include('.auth-page').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A fresh, valid login ID (6-15 lowercase letters and digits). */
export function freshId(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 15);
}

/**
 * Runs `action`, which makes the page load a new document (possibly at the same address), and
 * resolves once that document has loaded. `waitForURL` alone resolves at once when the address
 * already matches, leaving the navigation in flight when the test ends.
 */
export async function reloadedBy(page: Page, action: () => Promise<unknown>): Promise<void> {
  const committed = page.waitForEvent('framenavigated', (f) => f === page.mainFrame());
  await action();
  await committed;
  await page.waitForLoadState('load');
}
