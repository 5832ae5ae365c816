// Names every test that passed only on a retry. The test command gives each test one retry
// (scripts/test.mjs passes --retry=1), so a timing race in a browser or a busy machine does not
// refuse a whole submission; this reporter keeps each such race visible in the summary, to be
// fixed rather than forgotten. A test that fails twice still fails the run.
//
// It also writes the run's unhandled errors (an error thrown after a test ended, a rejection no
// test awaited) to the file named by HALSA_UNHANDLED: they fail the run without failing a test, so
// the summary's last lines would otherwise say "1 failed" and name nothing.
import { writeFileSync } from 'node:fs';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) {
      this.flaky.push(
        `${testCase.project.name} ${testCase.module.relativeModuleId} > ${testCase.fullName}`,
      );
    }
  }

  onTestRunEnd(_testModules, unhandledErrors = []) {
    if (process.env.HALSA_UNHANDLED) {
      const lines = unhandledErrors.map(describeUnhandled);
      writeFileSync(process.env.HALSA_UNHANDLED, JSON.stringify(lines));
    }
    if (this.flaky.length === 0) {
      console.log('\nNo test needed its retry.');
      return;
    }
    console.log(`\n${this.flaky.length} test(s) passed only on their retry (a race to fix):`);
    for (const name of this.flaky) console.log(`  ↻ ${name}`);
  }
}

/** "where: name: message (first stack line)" for one unhandled error, as Vitest serialised it. */
function describeUnhandled(error) {
  const file = String(error.VITEST_TEST_PATH ?? '').replace(`${process.cwd()}/`, '');
  const where = [file, error.VITEST_TEST_NAME].filter(Boolean).join(' > ');
  const stack = String(error.stack ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at '));
  const what = `${error.name ?? 'Error'}: ${String(error.message ?? '').split('\n')[0]}`.slice(
    0,
    200,
  );
  return `${where || 'outside any test'}: ${what}${stack ? ` (${stack})` : ''}`;
}
