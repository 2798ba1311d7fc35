import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest-tests';

/** Lists the slowest tests at the end of a Vitest run, with the time each file spent starting (its servers, in hooks). */
export default class SlowestTests implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const tests = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    const files = modules.map((module) => ({
      name: module.moduleId.replace(`${process.cwd()}/`, ''),
      ms: module.diagnostic().duration,
    }));
    process.stdout.write(slowestLines('Vitest tests', tests) + slowestLines('Vitest files (hooks included)', files));
  }
}
