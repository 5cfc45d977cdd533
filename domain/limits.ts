/** Business constants of SPEC §9, unit last in every name. */

export const LOGIN_ID_LENGTH_MIN = 6;
export const LOGIN_ID_LENGTH_MAX = 15;
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 15;
/** The foreigner form accepts up to 40 characters of input (SPEC §5). */
export const PASSWORD_INPUT_FOREIGNER_MAX = 40;
export const NICKNAME_LENGTH_MIN = 2;
export const NICKNAME_LENGTH_MAX = 10;

export const SIGNUP_SUBMIT_DEBOUNCE_MS = 1000;
export const SUBMIT_REENABLE_MS = 500;
export const SMS_RESEND_LOCK_MS = 60_000;
export const BIRTH_YEAR_SPAN_YEARS = 100;

export const LOGIN_REDIRECT_DELAY_MS = 100;
export const TOKEN_REFRESH_TIMER_MS = 100;
export const TOKEN_REFRESH_WAIT_SUCCESS_MS = 200;
export const TOKEN_REFRESH_WAIT_UNAUTHORIZED_MS = 300;

export const LIST_LIMIT_STREAMS = 20;
export const LIST_LIMIT_ITEMS = 10;
export const LIST_LIMIT_EMOJI = 100;
export const LIST_LIMIT_RECORDED_STREAMS = 2;

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
