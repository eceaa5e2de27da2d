import { formatMessage, ResultCode, type MessageKey, type MessageParams, idParams } from '@sl/contracts';

/** A catalogue message to be written in the caller's language when the reply is sent. */
export interface LocalizedText {
  key: MessageKey;
  params?: MessageParams;
}

export const text = (key: MessageKey, params?: MessageParams): LocalizedText => ({ key, params });

/**
 * An expected failure answered to the client with its envelope code and message. A catalogue
 * message is answered in the caller's language; its English form is the error's own message (logs).
 */
export class AppError extends Error {
  readonly localized?: LocalizedText;
  constructor(
    public readonly code: number,
    message: string | LocalizedText,
  ) {
    super(typeof message === 'string' ? message : formatMessage(message.key, 'en-US', message.params));
    if (typeof message !== 'string') this.localized = message;
  }
}

type Msg = string | LocalizedText;
export const badRequest = (msg: Msg) => new AppError(ResultCode.badRequest, msg);
export const unauthorized = (msg: Msg = text('common.unauthorized')) => new AppError(ResultCode.unauthorized, msg);
export const tokenExpired = () => new AppError(ResultCode.tokenExpired, text('common.tokenExpired'));
export const forbidden = (msg: Msg = text('common.forbidden')) => new AppError(ResultCode.forbidden, msg);
export const notFound = (msg: Msg = text('common.notFound')) => new AppError(ResultCode.notFound, msg);
export const tooManyRequests = (msg: Msg) => new AppError(ResultCode.tooManyRequests, msg);

/** A 404 naming the requested ids that were not found; thrown inside a transaction it undoes the whole bulk change. */
export function assertAllFound(notFoundKey: MessageKey, requested: number[], found: number[]): void {
  const missing = requested.filter((id) => !found.includes(id));
  if (missing.length === 0) return;
  throw notFound(text(notFoundKey, idParams(missing)));
}
