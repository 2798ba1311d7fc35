import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a minute or more (each kills or loads a server again and again), started
 * first: on a clean clone Vitest has no timings of its own and orders files by size, which left the
 * fault tests, small files, to run alone after everything else (70 s of a two-fork run on one fork).
 */
const SLOW_FILES = [/tests\/faults\/[^/]+\.test\.ts$/, /tests\/security\/return-photos-memory\.test\.ts$/];

export default class SlowFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => SLOW_FILES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
