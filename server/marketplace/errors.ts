import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the tenant API answers with: `{ statusCode, messageCode, message, errors }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messageCode: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }

  toBody() {
    return { statusCode: this.status, messageCode: this.messageCode, message: this.message, params: this.params };
  }
}

export const unauthorized = () => new ApiError(401, 'unauthorized', 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'forbidden', message);
export const notFound = (what: string) => new ApiError(404, 'notFound', `${what} not found`);
export const badRequest = (messageCode: string, message: string) => new ApiError(400, messageCode, message);

/** The password hashing's waiting line is full (./services/hashing-queue): come back in a few seconds. */
export const signInsBusy = (retryAfterSeconds: number) =>
  new ApiError(503, 'tooManySignIns', 'Too many people are signing in right now. Please try again in a few seconds.', {
    retryAfterSeconds,
  });
