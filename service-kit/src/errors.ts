/**
 * The one error type handlers throw: they say what went wrong, the kit picks the status.
 */
export type ErrorKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'too_large' | 'unsupported_media' | 'too_many' | 'unavailable';

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media: 415,
  too_many: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_OF[this.kind];
  }
}

export const invalid = (message: string, details?: { path: string; message: string }[]) => new AppError('invalid', message, details);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
/** What was there once and is no more on purpose (an expired link): 410, unlike a 404 that may be a typo. */
export const gone = (message: string) => new AppError('gone', message);
export const tooLarge = (message: string) => new AppError('too_large', message);
export const unsupportedMedia = (message: string) => new AppError('unsupported_media', message);
export const unavailable = (message: string) => new AppError('unavailable', message);
