// Typed errors that every entry point maps once: server actions turn them into a message key,
// the legacy API into a status code (lib/legacy/http.ts).
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** A key under "errors" in messages/*.json. */
    readonly code: string,
    readonly fieldErrors?: FieldErrors,
    /** For a 429 or a 503: seconds until the client may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const notFound = () => new AppError(404, 'notFound');
export const methodNotAllowed = () => new AppError(405, 'methodNotAllowed');
export const conflict = (code: string) => new AppError(409, code);
export const invalid = (fieldErrors: FieldErrors) => new AppError(422, 'invalid', fieldErrors);
export const tooManyRequests = () => new AppError(429, 'tooManyRequests');
export const tooManySignUps = (retryAfterSeconds: number) => new AppError(429, 'tooManySignUps', undefined, retryAfterSeconds);
