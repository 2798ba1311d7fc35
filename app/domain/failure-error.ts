import type { FailureParts } from './failure-message';

/** A field error as the failure parts the error catalogue words. */
export function failureError(parts: FailureParts): string {
  return JSON.stringify(parts);
}

/** The failure parts a field error holds (an error that is not one is a message key). */
export function readFailureError(error: string): FailureParts {
  try {
    const parts: unknown = JSON.parse(error);
    if (parts && typeof parts === 'object' && !Array.isArray(parts)) return parts as FailureParts;
  } catch {
    // a plain key
  }
  return { fallbackKey: error };
}
