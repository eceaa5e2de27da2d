import type { NoticeRow } from '@sl/contracts';

/** Rows written by one sending share sender, time, title and content; their key groups them into one pop-up. */
export const sendingKey = (row: Pick<NoticeRow, 'uniqueId' | 'sendTime' | 'sendTitle' | 'sendContent'>): string =>
  JSON.stringify([row.uniqueId, row.sendTime, row.sendTitle, row.sendContent]);
