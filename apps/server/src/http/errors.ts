import { ResultCode } from '@sl/contracts';

/** An expected failure answered to the client with its envelope code and message. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.badRequest, msg);
export const unauthorized = (msg = 'Not signed in or the token is invalid') => new AppError(ResultCode.unauthorized, msg);
export const tokenExpired = () => new AppError(ResultCode.tokenExpired, 'The token has expired, please sign in again');
export const forbidden = (msg = 'You do not have permission for this action') => new AppError(ResultCode.forbidden, msg);
export const notFound = (msg = 'Not found') => new AppError(ResultCode.notFound, msg);
export const tooManyRequests = (msg: string) => new AppError(ResultCode.tooManyRequests, msg);

/** A 404 naming the requested ids that were not found; thrown inside a transaction it undoes the whole bulk change. */
export function assertAllFound(what: string, requested: number[], found: number[]): void {
  const missing = requested.filter((id) => !found.includes(id));
  if (missing.length === 0) return;
  throw notFound(`${what} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not exist`);
}
