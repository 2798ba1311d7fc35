import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of a failed page's snapshot the log keeps: enough to see what the page showed. */
const SNAPSHOT_CHARS = 6_000;

/**
 * Prints what the page showed when a journey's try failed (Playwright's error context: the page's
 * accessibility snapshot), so a failure in CI can be read from its log alone: CI keeps no artefacts.
 */
export default class FailedPages implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path || !fs.existsSync(context.path)) return;
    const text = fs.readFileSync(context.path, 'utf8');
    // The error context is the error, the page's snapshot and the test's source, which the log has already.
    const at = text.indexOf('```yaml');
    const end = text.indexOf('# Test source');
    const snapshot = text.slice(Math.max(at, 0), end > at ? end : undefined).trim();
    process.stdout.write(
      `\nWhat the page showed when [${test.parent.project()?.name}] ${test.title} failed (try ${result.retry + 1}):\n` +
        `${snapshot.slice(0, SNAPSHOT_CHARS)}${snapshot.length > SNAPSHOT_CHARS ? '\n…' : ''}\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
