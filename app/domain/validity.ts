import { z } from 'zod';

/**
 * A validity window of tenant content (a promotion, a broadcast banner): its ends are instants
 * (ISO 8601 with an offset); either may be absent.
 */
export const validityWindow = {
  /** The first instant it applies; absent: since always. */
  validFrom: z.iso.datetime({ offset: true }).optional(),
  /** The first instant it no longer applies; absent: until the tenant removes it. */
  validUntil: z.iso.datetime({ offset: true }).optional(),
};

export interface ValidityWindow {
  validFrom?: string;
  validUntil?: string;
}

/** A window whose start comes before its end (a refinement for schemas that spread `validityWindow`). */
export const windowInOrder: [(window: ValidityWindow) => boolean, { message: string; path: string[] }] = [
  (window) => !window.validFrom || !window.validUntil || Date.parse(window.validFrom) < Date.parse(window.validUntil),
  { message: 'validFrom must come before validUntil', path: ['validUntil'] },
];

/** Whether a window holds this instant: from its start (included) to its end (excluded). */
export function isValidAt(window: ValidityWindow, now: Date): boolean {
  const at = now.getTime();
  if (window.validFrom && at < Date.parse(window.validFrom)) return false;
  if (window.validUntil && at >= Date.parse(window.validUntil)) return false;
  return true;
}
