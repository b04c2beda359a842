/** SPEC 9 business constants and limits. */
export const USERNAME_MIN = 5;
export const USERNAME_MAX = 15;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 15;
export const TWO_FACTOR_CODE_LENGTH = 8;
export const DASHBOARD_BOOKMARKS = 4;
export const NAVIGATION_HISTORY_MAX = 50;
export const RECENT_ITEMS_PER_ENTITY = 20;
export const RECENT_ITEMS_IN_SIDEBAR = 5;
/** SPEC 2: the dashboard shows the first 5 recent items. */
export const RECENT_ITEMS_ON_DASHBOARD = 5;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_EXPANDED_PX = 250;
export const SIDEBAR_COLLAPSED_PX = 70;
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_EXIT_MS = 400;
export const RESET_MODAL_CLOSE_MS = 2000;
export const POST_LOGIN_REDIRECT_MS = 400;
export const LOGOUT_FLAG_MS = 500;
export const NO_USER_REDIRECT_MS = 100;
export const CLOCK_TICK_MS = 60_000;
/** Searches wait this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
export const WEEK_WINDOW_DAYS = 7;
export const HERO_FIRST_ITEM_DELAY_MS = 500;
export const HERO_ITEM_INTERVAL_MS = 200;
export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'fileapi', 'timefiles'] as const;
export const DEFAULT_BRANDING = { primaryColor: '#007bff', secondaryColor: '#6c757d' } as const;
export const SUPPORT_EMAIL = 'support@practice.example';
export const API_DEFAULT_PORT = 5050;
