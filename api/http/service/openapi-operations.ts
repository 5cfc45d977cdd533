/**
 * The operations of the account, session and verification API with the valibot schemas their
 * handlers validate with; api/http/openapi.ts turns this list into the OpenAPI document.
 */
import * as v from 'valibot';
import { signinSchema } from '../../../domain/schemas/signin.ts';
import { foreignerSignupSchema, signupSchema, socialSignupSchema } from '../../../domain/schemas/signup.ts';
import { profileUpdateSchema } from '../../../domain/schemas/profile.ts';
import { broadcastBody } from '../../../domain/schemas/broadcast.ts';
import { expireBody } from '../account/auth.ts';
import { platformSwitchesBody, serviceModeBody } from '../dev/dev.ts';
import { findIdBody, findPasswordBody, generateBody } from '../account/find.ts';
import { resetBody } from '../account/find-reset.ts';
import { identityCallbackBody } from '../account/personal-auth.ts';
import { sendBody, verifyBody } from '../account/phone.ts';
import { oauthCallbackBody } from '../account/social.ts';

export interface Operation {
  method: 'get' | 'post' | 'put';
  path: string;
  tag: 'auth' | 'session' | 'guest' | 'verification' | 'profile' | 'service' | 'development' | 'channels';
  summary: string;
  body?: v.GenericSchema;
  form?: boolean;
  query?: Record<string, string>;
  /** Status → description; every operation also has its 4xx error shape. */
  responses: Record<number, string>;
  /** Sets or needs the session cookies. */
  session?: 'sets' | 'requires' | 'optional';
}

const refreshForm = v.object({ refreshToken: v.pipe(v.string(), v.maxLength(256)) });

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/service/status',
    tag: 'service',
    summary: 'Service mode: { status: ok | maintenance, data: { defenceMode } }',
    responses: { 200: 'The mode' },
  },
  {
    method: 'post',
    path: '/v2/api/auth/signin',
    tag: 'auth',
    summary: 'Sign in; errors are { status, msg }: 401 wrong ID or password (msg empty), 423 blocked, 429 wait (Retry-After)',
    body: signinSchema,
    session: 'sets',
    responses: { 200: 'Signed in, cookies set', 400: 'Malformed', 401: 'Wrong credentials', 423: 'Blocked account', 429: 'Too many failures' },
  },
  {
    method: 'post',
    path: '/api/auth/signup',
    tag: 'auth',
    summary: 'Domestic sign-up, or foreigner sign-up when name, birthday, gender or phoneVerificationToken is sent',
    body: v.union([signupSchema, foreignerSignupSchema]),
    session: 'sets',
    responses: {
      201: 'Member created and signed in',
      400: '§5 rule broken (error_msg is the §5 text)',
      409: 'ID or nickname taken',
      422: 'Recommender not found or phone verification missing',
      429: 'Too many sign-ups from this IP',
    },
  },
  {
    method: 'post',
    path: '/api/oauth/refresh',
    tag: 'session',
    summary: 'Rotates the refresh token (10 s grace for the previous one; a later reuse revokes the family)',
    body: refreshForm,
    form: true,
    session: 'sets',
    responses: { 200: '{ ok: true } and new cookies', 401: 'invalid_refresh_token, cookies cleared' },
  },
  {
    method: 'post',
    path: '/api/auth/signout',
    tag: 'session',
    summary: 'Revokes the session, clears the cookies, Clear-Site-Data: "cookies"',
    session: 'optional',
    responses: { 200: 'Signed out' },
  },
  {
    method: 'post',
    path: '/api/auth/expire',
    tag: 'session',
    summary: 'Ends every session of the signed-in account (loginId must be the caller)',
    body: expireBody,
    session: 'requires',
    responses: { 200: 'All sessions ended', 401: 'Not signed in', 403: 'Another account' },
  },
  {
    method: 'get',
    path: '/api/auth/geo-ip',
    tag: 'guest',
    summary: 'Caller country from the edge (cf-ipcountry), KR by default',
    responses: { 200: '{ countryCode, isKorea }' },
  },
  {
    method: 'get',
    path: '/api/my/profile',
    tag: 'profile',
    summary: 'Who am I: { memberId, loginId, nickname, memberType, PI, settings }',
    session: 'requires',
    responses: { 200: 'Profile', 401: 'Not signed in' },
  },
  {
    method: 'put',
    path: '/api/my/profile',
    tag: 'profile',
    summary: 'Changes settings (isView, isVibes, isSponser, memberSortCode, isBigFan); other keys are ignored',
    body: profileUpdateSchema,
    session: 'requires',
    responses: { 200: 'Profile after the change', 400: 'Wrong type', 401: 'Not signed in' },
  },
  {
    method: 'get',
    path: '/api/guest/channel-settings',
    tag: 'guest',
    summary: 'Channel settings; bank_* only for the channel owner',
    session: 'optional',
    responses: { 200: 'Settings' },
  },
  {
    method: 'get',
    path: '/api/guest/brand',
    tag: 'guest',
    summary: 'Brand settings of the x-brand the worker sends',
    query: { locale: 'ko | en' },
    responses: { 200: 'Brand' },
  },
  {
    method: 'get',
    path: '/api/guest/captcha',
    tag: 'verification',
    summary: 'An ALTCHA proof-of-work challenge (altcha-lib 2)',
    responses: { 200: 'Challenge', 429: 'Too many challenges' },
  },
  {
    method: 'get',
    path: '/api/guest/countries',
    tag: 'guest',
    summary: 'Country list { countries: [{ iso, phoneCode, countryName }] }',
    query: { locale: 'ko | en' },
    responses: { 200: 'Countries' },
  },
  {
    method: 'get',
    path: '/api/guest/loginId/{id}',
    tag: 'guest',
    summary: 'ID availability: { result: ok | exists }',
    responses: { 200: 'Answer', 400: 'Breaks the ID rule', 429: 'Too many lookups' },
  },
  {
    method: 'get',
    path: '/api/guest/find-loginId/{id}',
    tag: 'guest',
    summary: 'Whether an account has this ID: { result: exists | notfound }',
    responses: { 200: 'Answer' },
  },
  {
    method: 'get',
    path: '/api/guest/nickname/{nick}',
    tag: 'guest',
    summary: 'Nickname availability: { result: ok | overlap }',
    responses: { 200: 'Answer', 400: 'Breaks the nickname rule' },
  },
  {
    method: 'get',
    path: '/api/guest/refcode/{code}',
    tag: 'guest',
    summary: 'Referral code (a member ID): { result: ok | notfound }',
    responses: { 200: 'Answer' },
  },
  {
    method: 'get',
    path: '/api/guest/findRecommender/{id}',
    tag: 'guest',
    summary: 'Recommender lookup: { result: ok | notfound }',
    responses: { 200: 'Answer' },
  },
  {
    method: 'post',
    path: '/v2/api/auth/signup/send-phone-verification',
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS after a solved captcha; 60 s resend lock per phone',
    body: sendBody,
    responses: { 200: 'Sent', 400: 'Malformed', 422: 'captcha_failed', 429: 'try_again_later', 502: 'SMS gateway failed' },
  },
  {
    method: 'post',
    path: '/api/auth/signup/verify-phone',
    tag: 'verification',
    summary: 'Checks the code (3 min, 5 tries) → { phoneVerificationToken } (single use, 10 min)',
    body: verifyBody,
    responses: { 200: 'Verified', 422: 'code_invalid | code_expired | code_locked' },
  },
  {
    method: 'get',
    path: '/api/auth/oauth/{provider}/authorize',
    tag: 'auth',
    summary: 'Redirects to the provider (kakao, naver, google, twitch)',
    responses: { 302: 'To the provider', 403: 'provider_disabled', 404: 'Unknown provider' },
  },
  {
    method: 'post',
    path: '/api/auth/oauth/{provider}/callback',
    tag: 'auth',
    summary: 'Code + state from /callback/{provider}/authorize → { status: signedin } or { status: signup, accessToken }',
    body: oauthCallbackBody,
    session: 'sets',
    responses: { 200: 'Signed in or sign-up ticket', 400: 'social_failed', 403: 'provider_disabled', 423: 'blocked' },
  },
  {
    method: 'post',
    path: '/api/auth/signup/oauth/{provider}',
    tag: 'auth',
    summary: 'Social sign-up with the ticket as accessToken',
    body: socialSignupSchema,
    session: 'sets',
    responses: { 201: 'Member created and signed in', 400: 'social_failed', 403: 'provider_disabled', 409: 'Taken' },
  },
  {
    method: 'post',
    path: '/v3/api/m/signup/kakao',
    tag: 'auth',
    summary: 'Kakao social sign-up (mobile path)',
    body: socialSignupSchema,
    session: 'sets',
    responses: { 201: 'Member created and signed in', 400: 'social_failed' },
  },
  {
    method: 'get',
    path: '/api/auth/signin/find',
    tag: 'auth',
    summary: 'Find flow start: type=password with loginId → { result, phoneHint }',
    query: { loginId: 'ID', type: 'id | password | personal | expire | phone | personal-signup' },
    responses: { 200: 'Answer', 400: 'Unknown type' },
  },
  {
    method: 'post',
    path: '/api/auth/signin/find-id/confirm',
    tag: 'auth',
    summary: 'IDs registered to a verified phone (purpose find)',
    body: findIdBody,
    responses: { 200: '{ loginIds }', 404: 'None', 422: 'Phone not verified' },
  },
  {
    method: 'post',
    path: '/api/auth/signin/find-password/confirm',
    tag: 'auth',
    summary: 'Phone proof for the account → { authToken } (single use, 10 min)',
    body: findPasswordBody,
    responses: { 200: 'authToken', 404: 'No such account with that phone', 422: 'Phone not verified' },
  },
  {
    method: 'post',
    path: '/api/oauth/generate',
    tag: 'auth',
    summary: 'Same as find-password/confirm with userId',
    body: generateBody,
    responses: { 200: 'authToken' },
  },
  {
    method: 'put',
    path: '/api/oauth/password',
    tag: 'auth',
    summary: 'New password with the authToken; every session of the account ends',
    body: resetBody,
    responses: { 200: 'Changed', 400: '§5 password rule', 401: 'invalid_auth_token' },
  },
  {
    method: 'get',
    path: '/api/personal-auth',
    tag: 'verification',
    summary: 'Starts identity verification → { requestId, url } for the popup',
    query: { type: 'personal | personal-signup | id | password | expire | phone' },
    session: 'requires',
    responses: { 200: 'Started', 401: 'Not signed in' },
  },
  {
    method: 'get',
    path: '/api/personal-auth/status',
    tag: 'verification',
    summary: 'pending | complete | expired',
    query: { requestId: 'from the start call' },
    session: 'requires',
    responses: { 200: 'Status', 404: 'Not yours or unknown' },
  },
  {
    method: 'post',
    path: '/api/personal-auth/callback',
    tag: 'verification',
    summary: 'Provider completion, x-identity-signature = hex HMAC-SHA256(IDENTITY_WEBHOOK_SECRET, body); sets PI and birth date',
    body: identityCallbackBody,
    responses: { 200: 'Completed', 403: 'Bad signature', 404: 'Unknown or finished request' },
  },
  {
    method: 'get',
    path: '/api/channels/{channelId}/broadcast',
    tag: 'channels',
    summary: "The BJ's broadcast panel state: { channelId, broadcasting, title, themeId, hasPassword, streamId, startedAt } (never the password)",
    session: 'requires',
    responses: { 200: 'State', 401: 'Not signed in', 403: 'Not the channel owner', 404: 'No such channel' },
  },
  {
    method: 'post',
    path: '/api/channels/{channelId}/broadcast',
    tag: 'channels',
    summary:
      'Starts (on: true), updates (on: true while live) or ends (on: false) the live; themeId of GET /api/guest/themes or null; password 4-20 characters for the current live (only with on: true; "" or null = open). Answers the state as GET plus ok',
    body: broadcastBody,
    session: 'requires',
    responses: {
      200: 'State after the change',
      400: 'bad_request (error_msg names the rule), nothing written',
      401: 'Not signed in',
      403: 'Not the channel owner',
      404: 'No such channel',
    },
  },
  { method: 'get', path: '/api/openapi.json', tag: 'service', summary: 'This document', responses: { 200: 'OpenAPI 3.1' } },
  {
    method: 'post',
    path: '/api/dev/service-mode',
    tag: 'development',
    summary: 'Development only: { mode: normal | maintenance | emergency }',
    body: serviceModeBody,
    responses: { 200: 'Switched', 404: 'Production' },
  },
  {
    method: 'post',
    path: '/api/dev/channel-settings',
    tag: 'development',
    summary: 'Development only: set platform switches (broadcast, isSnsLogin*)',
    body: platformSwitchesBody,
    responses: { 200: 'Set', 404: 'Production' },
  },
  {
    method: 'get',
    path: '/api/dev/sms-outbox',
    tag: 'development',
    summary: 'Development only: SMS sent to ?phone=, newest first, with their codes',
    query: { phone: '+8210… or digits' },
    responses: { 200: '{ messages }', 404: 'Production' },
  },
];
