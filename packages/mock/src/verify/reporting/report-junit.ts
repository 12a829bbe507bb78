// The report as JUnit XML, so that CI systems show it: one test suite per operation, one test case per check that
// applies to it (no pagination_ends on a create), failed with its findings when the check found any.
import type { VerifyReport } from '../verify-types.js';

export function reportJunit(report: VerifyReport): string {
  const suites = report.operations.map((op) => {
    const cases = op.checks.map((check) => {
      const found = report.findings.filter((item) => item.operationId === op.operationId && item.check === check);
      const name = `${op.operationId} ${check}`;
      if (found.length === 0) return `    <testcase classname="${xml(op.operationId)}" name="${xml(name)}"/>`;
      const text = found.map((item) => `${item.rule} at ${item.path}: ${item.message}${item.serverMessage === undefined ? '' : ` (${item.serverMessage})`}\n${item.curl}`).join('\n\n');
      return `    <testcase classname="${xml(op.operationId)}" name="${xml(name)}">\n      <failure message="${xml(`${found.length} finding(s)`)}">${xml(text)}</failure>\n    </testcase>`;
    });
    const failures = op.checks.filter((check) => report.findings.some((item) => item.operationId === op.operationId && item.check === check)).length;
    return `  <testsuite name="${xml(op.operationId)}" tests="${op.checks.length}" failures="${failures}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const skipped = report.skipped.map(
    (skip) => `  <testsuite name="${xml(skip.operationId)}" tests="1" skipped="1">\n    <testcase classname="${xml(skip.operationId)}" name="${xml(`${skip.operationId} skipped`)}"><skipped message="${xml(skip.reason)}"/></testcase>\n  </testsuite>`,
  );
  const failures = new Set(report.findings.map((item) => `${item.operationId} ${item.check}`)).size;
  const tests = report.operations.reduce((sum, op) => sum + op.checks.length, 0) + report.skipped.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="verify" tests="${tests}" failures="${failures}">\n${[...suites, ...skipped].join('\n')}\n</testsuites>\n`;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
