/** Codes carried in the `code` field of every API envelope. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  serverError: 500,
  tokenExpired: 6401,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** HTTP status that accompanies an envelope code; the body code stays authoritative. */
export function httpStatusFor(code: number): number {
  if (code === ResultCode.tokenExpired) return 401;
  return code >= 200 && code < 600 ? code : 500;
}
