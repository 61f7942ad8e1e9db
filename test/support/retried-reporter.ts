/**
 * Prints why a test that passed on a retry failed before: vitest's own reporter shows only
 * "(retry x1)", and a test that fails now and then cannot be mended without its message.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    const { state, errors = [] } = test.result();
    if (retryCount === 0 || state !== 'passed' || errors.length === 0) return;
    const lines = errors.map(
      (error) => `  ${(error.stack ?? error.message).split('\n').slice(0, 6).join('\n  ')}`,
    );
    process.stdout.write(
      `\nPassed on retry ${String(retryCount)}: ${test.fullName} (${test.module.moduleId})\n${lines.join('\n')}\n`,
    );
  }
}
