// Names every test that passed only on a retry. The test command gives each test one retry
// (scripts/test.mjs passes --retry=1), so a timing race in a browser or a busy machine does not
// refuse a whole submission; this reporter keeps each such race visible in the summary, to be
// fixed rather than forgotten. A test that fails twice still fails the run.
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

  onTestRunEnd() {
    if (this.flaky.length === 0) {
      console.log('\nNo test needed its retry.');
      return;
    }
    console.log(`\n${this.flaky.length} test(s) passed only on their retry (a race to fix):`);
    for (const name of this.flaky) console.log(`  ↻ ${name}`);
  }
}
