import { ApiFailure } from './client';

/**
 * The marketplace's "too many sign-ins at once" (its password hashing is full, 503 tooManySignIns):
 * the headers to answer the form with (Retry-After), or null for any other failure.
 */
export function signInsBusy(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiFailure) || error.status !== 503 || error.messageCode !== 'tooManySignIns') return null;
  const seconds = Number(error.params.retryAfterSeconds);
  return { 'Retry-After': String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 5) };
}

/**
 * A route's `headers`: a page answer keeps its action's Retry-After (Remix sends only Set-Cookie of
 * an action's headers unless the route passes the others on).
 */
export function retryAfterFromAction({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const seconds = actionHeaders.get('Retry-After');
  return seconds ? { 'Retry-After': seconds } : {};
}
