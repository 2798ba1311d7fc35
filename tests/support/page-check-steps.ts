/** The steps of a journey's page check (tests/e2e/support/fixtures.ts), which the journeys' reporter sums. */
export const PAGE_CHECK_STEPS = {
  widths: 'page check: no sideways scroll at 360, 390, 768 and 1366 px',
  axe: 'page check: axe-core',
} as const;
