/** How many of the slowest tests a run lists at its end, and how they are written (Vitest's and Playwright's reporters share it). */
export const SLOWEST_SHOWN = 15;

export function slowestLines(title: string, tests: { name: string; ms: number }[]): string {
  const slowest = [...tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
  const total = tests.reduce((sum, t) => sum + t.ms, 0);
  return [
    `\n${title}: the ${slowest.length} slowest of ${tests.length} (${(total / 1000).toFixed(0)} s in all)`,
    ...slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`),
    '',
  ].join('\n');
}
