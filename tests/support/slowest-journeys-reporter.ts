import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest-tests';

/** Lists the slowest journeys (each try counted) at the end of a Playwright run. */
export default class SlowestJourneys implements Reporter {
  private readonly runs: { name: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.runs.push({
      name: `[${test.parent.project()?.name}] ${test.titlePath().slice(2).join(' > ')}${result.retry ? ` (try ${result.retry + 1})` : ''}`,
      ms: result.duration,
    });
  }

  onEnd() {
    process.stdout.write(slowestLines('Journeys', this.runs));
  }

  printsToStdio() {
    return false;
  }
}
