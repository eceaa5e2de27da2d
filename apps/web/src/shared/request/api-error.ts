/** A rejected API call. `shown` tells callers the user has already been told. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'expired' | 'message' | 'notify' | 'transport' | 'timeout' | 'network',
    readonly code?: number,
    readonly shown = true,
    /** The body's `data` of a refused call, e.g. the row errors of an import. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
