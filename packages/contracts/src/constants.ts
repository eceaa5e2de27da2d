/** Business constants of spec §9, shared by the server and the console. */
export const PRODUCT_VERSION = '1.2.4.250926';
export const PRODUCT_THEME = 'black-theme';

export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_INDEX = 1;
export const MAX_PAGE_SIZE = 500;
export const NOTICE_DRAWER_PAGE_SIZE = 5;
export const NOTICE_LIST_PAGE_SIZE = 10;

export const HTTP_TIMEOUT_MS = 10_000;
export const MESSAGE_DURATION_MS = 15_000;
export const ERROR_MESSAGE_DURATION_MS = 5_000;

export const PUSH_RECONNECT_MS = 30_000;
export const PUSH_PING_INTERVAL_MS = 120_000;
export const PUSH_PING_FAILURE_LIMIT = 5;

export const NOTICE_APPEND_DELAY_MS = 2_000;
export const CLOCK_TICK_MS = 1_000;
export const ALARM_BADGE_MAX = 99;

export const SPEECH = { lang: 'zh-CN', rate: 1.5, volume: 1 } as const;

export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 212;

export const DEFAULT_THEME_COLOR = '#1890ff';
export const THEME_COLORS = [
  '#1890ff', '#304156', '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16', '#722ed1',
] as const;

export const UI_SIZES = ['large', 'middle', 'small'] as const;
export type UiSize = (typeof UI_SIZES)[number];
export const DEFAULT_UI_SIZE: UiSize = 'middle';

/** Spec §1/§9: the product's look is black-theme (dark blue menu); light-theme is the alternative. */
export const SIDE_THEMES = ['black-theme', 'light-theme'] as const;
export type SideTheme = (typeof SIDE_THEMES)[number];
export const DEFAULT_LAYOUT_SETTINGS = { tagsView: true, fixedHeader: false, sidebarLogo: true, sideTheme: 'black-theme' as SideTheme } as const;
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const COOKIES = {
  token: 'Admin-Token',
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  language: 'language',
  rememberUser: 'rememberUser',
} as const;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Paths the navigation guard lets through without a token (spec §2). */
/** The demo stand-in's page, served by the console at this path with `?state=` (and optionally `&openId=`). */
export const WX_STANDIN_PATH = '/wx-standin';
export const OPEN_PATHS = ['/login', '/auth-redirect', '/wxcode-redirect', WX_STANDIN_PATH] as const;
export const HOME_PATH = '/dashboard';

/** Wildcard permission held by the administrator. */
export const ALL_PERMISSIONS = '*:*:*';
export const SAVE_PERMISSION = 'btn:save';

/** Component value of a folder row; every other value names a console page. */
export const LAYOUT_COMPONENT = 'Layout';
