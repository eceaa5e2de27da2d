/**
 * The notice page's buttons. Reading and replying need only `query`: every user who can list a
 * department's notices is one of its recipients.
 */
export const NOTICE_PERMISSION = {
  query: 'notice:notice:query',
  add: 'notice:notice:add',
  remove: 'notice:notice:remove',
} as const;
