/** Business constants and limits of spec 01 §9 and spec 02 §9. */
export const IDLE_TIMEOUT_MS = 3_600_000;
export const IDLE_CHECK_INTERVAL_MS = 5_000;
export const STORAGE_EXPIRE_S = 25_200;
export const LOGIN_COOKIE_DAYS = 30;
export const MAX_PAGE_LIMIT = 1000;
export const PAGE_SIZES = [10, 15, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_COST_CENTS = 2_100_000_000;
/** A reimbursement line's largest amount: the spec's maximum cost (21,000,000.00 yuan). */
export const REIMBURSE_LINE_MAX_CENTS = MAX_COST_CENTS;
/**
 * A voucher line's largest amount: what the 11 digit columns of the entry grid (亿 down to 分,
 * `grids/digit-slots.ts`) can draw — 999,999,999.99 yuan. A larger amount would not fit the
 * columns a clerk checks the figure against.
 */
export const VOUCHER_LINE_MAX_CENTS = 99_999_999_999;
export const UPPERCASE_LIMIT_CENTS = 99_999_999_999_999n;
export const DEBOUNCE_MS = 2000;
export const MESSAGE_DISPLAY_MS = 1500;
export const FLYOUT_HIDE_MS = 10_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const VOUCHER_DEFAULT_ROWS = 20;
export const VOUCHER_CODE_LENGTH_DEFAULT = 4;
export const BILL_COUNT_MAX = 9999;
export const TEXT_SHORT = 16;
export const TEXT_BASE = 50;
export const TEXT_LONG = 250;
export const TEXT_INTRO = 500;
export const NAME_MIN = 2;
export const NAME_MAX = 18;
export const ADVANCE_PAYMENT_SUBJECT_CODE = '2203';
export const RECEIVABLE_SUBJECT_CODE = '1122';
export const SEARCH_DEBOUNCE_MS = 200;
export const PICKER_MAX_RECORDS = 100;
export const EXPORT_POLL_MS = 1500;
export const EXPORT_MAX_POLLS = 20;
export const EXPORT_REMIND_EVERY_POLLS = 6;
export const EXPORT_BAR_HIDE_MS = 500;
export const AVATAR_MAX_BYTES = 200 * 1024;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const USER_LOAD_MAX_FAILURES = 2;
export const REIMBURSE_DEFAULT_ROWS = 20;
export const REIMBURSE_ROW_STEP = 5;

/** The most entries a user's common functions (/common, /system/shortcut) may hold. */
export const SHORTCUT_MAX = 40;
