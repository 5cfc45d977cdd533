/** Business constants of SPEC §9, unit last in every name. */

export const LOGIN_ID_LENGTH_MIN = 6;
export const LOGIN_ID_LENGTH_MAX = 15;
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 15;
/** The foreigner form accepts up to 40 characters of input (SPEC §5). */
export const PASSWORD_INPUT_FOREIGNER_MAX = 40;
export const NICKNAME_LENGTH_MIN = 2;
export const NICKNAME_LENGTH_MAX = 10;
/** A real name (identity forms, the foreigner sign-up): its ends trimmed, inner spaces kept. */
export const NAME_LENGTH_MAX = 50;
/** A phone number without its country code: digits only (E.164 allows 15 with the country code). */
export const PHONE_DIGITS_MIN = 4;
export const PHONE_DIGITS_MAX = 15;
/** The code an SMS carries. */
export const VERIFICATION_CODE_LENGTH = 6;

export const SIGNUP_SUBMIT_DEBOUNCE_MS = 1000;
export const SUBMIT_REENABLE_MS = 500;
export const SMS_RESEND_LOCK_MS = 60_000;
export const BIRTH_YEAR_SPAN_YEARS = 100;

export const LOGIN_REDIRECT_DELAY_MS = 100;

export const LIST_LIMIT_STREAMS = 20;
/** The header's search (api/search/): the longest query, and the most channels and lives one answer lists. */
export const SEARCH_QUERY_MAX_CHARS = 50;
export const SEARCH_RESULTS_MAX = 20;
export const LIST_LIMIT_ITEMS = 10;
export const LIST_LIMIT_EMOJI = 100;
export const LIST_LIMIT_RECORDED_STREAMS = 2;

/** What a live's lookups take (GET /api/guest/live-Auth, show-emoji, live-board-check): caps before any work. */
export const LIVE_AUTH_PASSWORD_LENGTH_MAX = 64;
export const LOGIN_ID_LOOKUP_LENGTH_MAX = 64;
export const EMOJI_TYPE_LENGTH_MAX = 32;
export const EMOJI_TITLE_LENGTH_MAX = 64;

export const SOCKET_RECONNECTION_DELAY_MS = 500;
export const SOCKET_AUTH_RETRY_DELAY_MS = 3000;
export const SOCKET_AUTH_RETRY_MAX = 10;

export const CHANNEL_SETTINGS_STALE_MS = 600_000;
export const PREFETCH_ROOT_MARGIN_PX = 200;

export const LOCALE_COOKIE_MAX_AGE_S = 31_536_000;
export const FLX_UUID_LENGTH = 10;
export const FLX_UUID_MAX_AGE_S = 10_800;
export const COOKIE_DEFAULT_MAX_AGE_S = 31_536_000;

export const SUBSCRIPTION_PRICE_MONTHLY_WON = 3300;
export const SUBSCRIPTION_PRICE_1_MONTH_WON = 3300;
export const SUBSCRIPTION_PRICE_3_MONTHS_WON = 9900;

/** Largest request body the API reads (JSON or form); uploads have their own cap (UPLOAD_REQUEST_SIZE_MAX_BYTES). */
export const REQUEST_BODY_MAX_BYTES = 16 * 1024;
/** Paging of every list: offset up to this, limit capped per list and never above PAGE_LIMIT_MAX. */
export const PAGE_OFFSET_MAX = 1_000_000;
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

/** Customer service, boards and messages: lengths in characters (UTF-16 code units, as a form's maxLength counts). */
export const BOARD_TITLE_LENGTH_MAX = 100;
export const BOARD_CONTENT_LENGTH_MAX = 10_000;
export const BOARD_COMMENT_LENGTH_MAX = 1000;
export const INQUIRY_TITLE_LENGTH_MAX = 100;
export const INQUIRY_CONTENT_LENGTH_MAX = 4000;
export const INQUIRY_ANSWER_LENGTH_MAX = 4000;
export const DECLARATION_CONTENT_LENGTH_MAX = 4000;
export const CS_NOTICE_TITLE_LENGTH_MAX = 100;
export const CS_NOTICE_CONTENT_LENGTH_MAX = 10_000;
export const GUIDE_SEARCH_LENGTH_MAX = 50;
export const MESSAGE_CONTENT_LENGTH_MAX = 500;
export const MESSAGE_REPORT_REASON_LENGTH_MAX = 500;
/** Messages deleted by one request. */
export const MESSAGE_DELETE_BATCH_MAX = 100;
/** Members one member may block. */
export const BLACKLIST_SIZE_MAX = 500;
export const BLACKLIST_PAGE_LIMIT_DEFAULT = 50;
export const RANKING_PAGE_LIMIT_DEFAULT = 10;
/** The member's own ordering code of the profile settings (0 to this). */
export const MEMBER_SORT_CODE_MAX = 99;

/** Broadcaster tools (SPEC §6 channel owner). */
export const CHANNEL_TITLE_LENGTH_MAX = 50;
export const CHANNEL_INTRODUCTION_LENGTH_MAX = 500;
export const CHANNEL_NOTICE_TITLE_LENGTH_MAX = 100;
export const CHANNEL_NOTICE_CONTENT_LENGTH_MAX = 2000;
/** Amounts offered as one-tap gifts on a channel, and the largest of them. */
export const LUV_PRESET_SIZE_MAX = 8;
export const LUV_PRESET_AMOUNT_MAX = 100_000;

/* Money (docs/LEDGER.md "Settings"): what a form and the API both check. Amounts are whole luv or items. */
export const GIFT_AMOUNT_MAX_LUV = 1_000_000;
/** Gifts of at least this many luv need two confirmations (`confirmations: 2`; the page asks twice). */
export const GIFT_CONFIRM_THRESHOLD_LUV = 10_000;
/** A gift's or an item use's message, after trimming. */
export const GIFT_MESSAGE_LENGTH_MAX = 100;
/** Items used or bought in one request. */
export const ITEM_COUNT_MAX = 1_000;
export const WITHDRAW_MIN_LUV = 1_000;
export const WITHDRAW_MAX_LUV = 10_000_000;
/** Luv the exchange event takes in total (and so at most in one application). */
export const EXCHANGE_EVENT_TOTAL_LUV = 5_000_000;
/** A daily or monthly spending cap is a whole number of luv from 0 to this (or none). */
export const SPENDING_CAP_MAX_LUV = 100_000_000;
/** A raised (or removed) spending cap takes effect after this delay; a lowered one at once. */
export const SPENDING_CAP_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** The received-luv chart covers 1 to this many days. */
export const RECEIVED_SUM_DAYS_MAX = 366;
export const COUPON_NUMBER_LENGTH_MAX = 64;
export const PAYMENT_ID_LENGTH_MAX = 64;
/** Payout bank accounts: digits only (hyphens and spaces are dropped), this many of them. */
export const BANK_ACCOUNT_DIGITS_MIN = 8;
export const BANK_ACCOUNT_DIGITS_MAX = 20;
export const BANK_HOLDER_NAME_LENGTH_MAX = 30;
/** Payout contact: a Korean mobile number, 01 and 8 or 9 more digits (hyphens and spaces are dropped). */
export const PAYOUT_PHONE_DIGITS_MIN = 10;
export const PAYOUT_PHONE_DIGITS_MAX = 11;

/** Random bytes in a stream key (192 bits from the CSPRNG; at least 128 are required). */
export const STREAM_KEY_BYTES = 24;
/** Characters of a stream key shown at the end of its masked form. */
export const STREAM_KEY_HINT_LENGTH = 4;
/**
 * How long a live stays on air after its encoder disconnects: an encoder that comes back within
 * this time (OBS retries on its own) continues the same live; after it, the live ends and becomes
 * a recording. INGEST_RECONNECT_GRACE_MS in the API's environment overrides it (tests).
 */
export const INGEST_RECONNECT_GRACE_MS = 30_000;
/** How often every API process looks for lives whose grace has run out (a missed timer, a restart). */
export const INGEST_SWEEP_INTERVAL_MS = 5_000;
/**
 * A playback token (the `/media/{token}/…` addresses the API hands a viewer who may watch) is
 * good for this long; its expiry is rounded up to MEDIA_TOKEN_WINDOW_S, so every viewer of a live
 * gets the same address within a window and a cache keeps one copy.
 */
export const MEDIA_TOKEN_TTL_S = 2 * 3600;
export const MEDIA_TOKEN_WINDOW_S = 10 * 60;
/** A clip (api/clips/) is the last CLIP_DURATION_MIN_S to CLIP_DURATION_MAX_S seconds of a live. */
export const CLIP_DURATION_MIN_S = 15;
export const CLIP_DURATION_MAX_S = 60;
/** A clip's title: what a share card and a list show. */
export const CLIP_TITLE_LENGTH_MAX = 60;
/** Clips a member may cut: this many in CLIP_RATE_WINDOW_MS. */
export const CLIP_RATE_LIMIT = 5;
export const CLIP_RATE_WINDOW_MS = 10 * 60_000;
/** How often a running live's thumbnail is taken again (one process claims each take). */
export const LIVE_THUMB_INTERVAL_MS = 30_000;
/** A one-time sign-in link (`/redirects/signin?token=…`) is refused this long after its token was minted. */
export const SIGNIN_LINK_TOKEN_AGE_MAX_S = 15 * 60;
