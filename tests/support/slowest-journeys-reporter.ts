import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { PAGE_CHECK_STEPS } from './page-check-steps';
import { slowestLines } from './slowest-tests';

/** Every step of a try, those inside other steps included. */
const allSteps = (steps: TestStep[]): TestStep[] => steps.flatMap((step) => [step, ...allSteps(step.steps)]);

/**
 * Lists the slowest journeys (each try counted) at the end of a Playwright run, and how much of the
 * journeys' time went to the page checks (the widths and axe-core) and how many there were.
 */
export default class SlowestJourneys implements Reporter {
  private readonly runs: { name: string; ms: number }[] = [];
  private readonly checks = new Map<string, { count: number; ms: number }>(
    Object.values(PAGE_CHECK_STEPS).map((title) => [title, { count: 0, ms: 0 }]),
  );

  onTestEnd(test: TestCase, result: TestResult) {
    this.runs.push({
      name: `[${test.parent.project()?.name}] ${test.titlePath().slice(2).join(' > ')}${result.retry ? ` (try ${result.retry + 1})` : ''}`,
      ms: result.duration,
    });
    for (const step of allSteps(result.steps)) {
      const check = this.checks.get(step.title);
      if (check) {
        check.count++;
        check.ms += step.duration;
      }
    }
  }

  onEnd() {
    const lines = [...this.checks].map(
      ([title, { count, ms }]) => `  ${(ms / 1000).toFixed(0).padStart(6)} s  ${title} (${count} times)`,
    );
    process.stdout.write(
      `${slowestLines('Journeys', this.runs)}Of the journeys' time, the page checks:\n${lines.join('\n')}\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
