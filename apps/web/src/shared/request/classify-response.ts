import { ResultCode } from '@sl/contracts';

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'unauthorized'; code: number; msg: string }
  | { kind: 'expired'; code: number; msg: string }
  | { kind: 'message'; code: number; msg: string }
  | { kind: 'notify'; code: number; msg: string }
  | { kind: 'transport'; status: number };

interface CodedBody {
  code: number;
  msg?: unknown;
}

export const isCodedBody = (body: unknown): body is CodedBody =>
  typeof body === 'object' && body !== null && typeof (body as CodedBody).code === 'number';

/**
 * Decide what a response means (spec §8). The envelope code is authoritative; the HTTP status
 * only matters when there is no JSON envelope to read.
 */
export function classifyResponse(httpStatus: number, body: unknown): Outcome {
  if (!isCodedBody(body)) return { kind: 'transport', status: httpStatus };
  const { code } = body;
  const msg = typeof body.msg === 'string' ? body.msg : '';
  switch (code) {
    case ResultCode.ok:
      return { kind: 'ok' };
    case ResultCode.unauthorized:
      return { kind: 'unauthorized', code, msg };
    case ResultCode.tokenExpired:
      return { kind: 'expired', code, msg };
    case ResultCode.badRequest:
    case ResultCode.forbidden:
      return { kind: 'message', code, msg };
    default:
      return { kind: 'notify', code, msg };
  }
}
