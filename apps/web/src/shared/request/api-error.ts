/** A rejected API call. `shown` tells callers the user has already been told. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'expired' | 'message' | 'notify' | 'transport' | 'timeout' | 'network',
    readonly code?: number,
    readonly shown = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
