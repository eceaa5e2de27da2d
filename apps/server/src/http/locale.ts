import type { FastifyRequest } from 'fastify';
import { formatMessage, localeFromAcceptLanguage, type Locale } from '@sl/contracts';
import type { AppError } from './errors.js';

/** The language the caller reads: the console sends its own locale as Accept-Language. */
export const requestLocale = (request: FastifyRequest): Locale => localeFromAcceptLanguage(request.headers['accept-language']);

/** An error's message in the caller's language. */
export function localizedMessage(request: FastifyRequest, error: AppError): string {
  return error.localized ? formatMessage(error.localized.key, requestLocale(request), error.localized.params) : error.message;
}
