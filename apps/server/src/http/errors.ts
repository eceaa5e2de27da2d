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
