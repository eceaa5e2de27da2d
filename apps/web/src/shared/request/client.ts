import { ERROR_MESSAGE_DURATION_MS, type Envelope } from '@sl/contracts';
import { i18n } from '../i18n';
import { getToken } from '../cookies/token';
import { ApiError } from './api-error';
import { buildInit, buildUrl, readJson, type RequestOptions } from './build-request';
import { classifyResponse } from './classify-response';
import { feedback } from './feedback';
import { handleUnauthorized, showSessionExpired } from './session-expired';
import { TimeoutError, withTimeout } from './with-timeout';

const showError = (content: string) => feedback.message().error({ content, duration: ERROR_MESSAGE_DURATION_MS / 1000 });

function transportFailure(error: unknown): ApiError {
  if (error instanceof TimeoutError) {
    showError(i18n.t('request.timeout'));
    return new ApiError(error.message, 'timeout');
  }
  const text = error instanceof TypeError ? i18n.t('request.network') : String((error as Error)?.message ?? error);
  showError(text);
  return new ApiError(text, 'network');
}

/**
 * Send one API call and apply the error catalogue of spec §8.
 * Resolves to the envelope on code 200, to `false` on code 6401, and rejects with ApiError otherwise.
 */
export async function request<T>(options: RequestOptions): Promise<Envelope<T> | false> {
  const sentWith = getToken();
  let status: number;
  let body: unknown;
  try {
    ({ status, body } = await withTimeout(async (signal) => {
      const response = await fetch(buildUrl(options.url, options.params), { ...buildInit(options), signal });
      return { status: response.status, body: await readJson(response) };
    }, options.timeoutMs));
  } catch (error) {
    throw transportFailure(error);
  }
  const outcome = classifyResponse(status, body);
  // A refusal of a session that has ended since (signed out, or another user signed in) speaks for no one now: acting
  // on it would reload the sign-in page under the user's hands or remove the new session's token.
  if ((outcome.kind === 'unauthorized' || outcome.kind === 'expired') && getToken() !== sentWith) {
    throw new ApiError(outcome.msg, outcome.kind, outcome.code);
  }
  switch (outcome.kind) {
    case 'ok':
      return body as Envelope<T>;
    case 'unauthorized':
      handleUnauthorized();
      throw new ApiError(outcome.msg, 'unauthorized', outcome.code);
    case 'expired':
      showSessionExpired();
      return false;
    case 'message':
      if (!options.silent) showError(outcome.msg);
      throw new ApiError(outcome.msg, 'message', outcome.code, !options.silent, (body as { data?: unknown }).data);
    case 'notify':
      if (!options.silent) feedback.notification().error({ title: outcome.msg || String(outcome.code) });
      throw new ApiError(outcome.msg, 'notify', outcome.code, !options.silent);
    case 'transport': {
      const text = i18n.t('request.httpError', { status: outcome.status });
      showError(text);
      throw new ApiError(text, 'transport', outcome.status);
    }
  }
}
