/**
 * Product-wide constants of the web app. The Help, Contact Support and blog addresses are server configuration
 * (GET /v1/site_config, api/site.ts), not constants here.
 */

export const PRODUCT_NAME = 'SQLTune';

/** The page title the spec asks for on every route except xmlConfig and xmlResult. */
export const DEFAULT_TITLE = 'Entrance';

export const PRIMARY_COLOR = '#2f5bea';

export const TOP_BAR_HEIGHT = 72;
export const BANNER_HEIGHT = 43;
export const PHONE_MAX_WIDTH = 767;

export const LANGUAGE_STORAGE_KEY = 'language';
export const USER_INFO_STORAGE_KEY = 'userInfo';

/** "copied" stays visible this long. */
export const COPIED_MS = 1000;
/** The task list refreshes this often. */
export const TASK_REFRESH_MS = 5000;
/** A running task's result page polls this often. */
export const RESULT_POLL_MS = 2000;
export const TASK_PAGE_SIZE = 20;

export const EXAMPLE_SQL_SHARE_ID = 'example_sql';
export const EXAMPLE_XML_SHARE_ID = 'example_mybatis';
export const EXAMPLE_POSTGRESQL_SHARE_ID = 'example_postgresql';
/** A live example being prepared (4701) is asked for again this often. */
export const EXAMPLE_RETRY_MS = 5000;

/** After a password reset the page goes to login this much later (the spec's 3 seconds). */
export const RESET_REDIRECT_MS = 3000;

/** The share image is drawn at this multiple of the screen's CSS pixels (the spec's screenshot export scale). */
export const SHARE_IMAGE_SCALE = 5;
/** The downloaded share image's name: the spec's Chinese word for "share". */
export const SHARE_IMAGE_NAME = '分享.png';

/** Share ids of the live examples (made by the server's own pipeline), not links made by the share button. */
export const EXAMPLE_SHARE_IDS: readonly string[] = [
  EXAMPLE_SQL_SHARE_ID,
  EXAMPLE_POSTGRESQL_SHARE_ID,
  EXAMPLE_XML_SHARE_ID,
];
