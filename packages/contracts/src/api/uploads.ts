/** Largest accepted upload per route; the server refuses bigger files before storing anything, the console before sending. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** A user-import workbook: 5,000 rows of eight short columns take well under 1 MB. */
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
