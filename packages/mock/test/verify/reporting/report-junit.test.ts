// The JUnit report: one suite per operation, one test case per check, failed with its findings; skipped operations
// as skipped suites; XML text escaped.
import { describe, expect, it } from 'vitest';
import { reportJunit } from '../../../src/verify/reporting/report-junit.js';
import type { VerifyReport } from '../../../src/verify/verify-types.js';

const report = {
  operations: [
    { operationId: 'getTeam', checks: ['status_code_conformance', 'response_schema_conformance'] },
    { operationId: 'getFile', checks: ['status_code_conformance'] },
  ],
  skipped: [{ operationId: 'deleteMlRepo', reason: 'destructive: run with --include-destructive' }],
  findings: [
    { operationId: 'getTeam', check: 'response_schema_conformance', rule: 'type', path: 'body.name', message: 'must be <string> & "text"', curl: 'curl x' },
  ],
} as unknown as VerifyReport;

describe('reportJunit', () => {
  const xml = reportJunit(report);

  it('counts the test cases and the failed ones', () => {
    expect(xml).toContain('<testsuites name="verify" tests="4" failures="1">');
    expect(xml).toContain('<testsuite name="getTeam" tests="2" failures="1">');
    expect(xml).toContain('<testsuite name="getFile" tests="1" failures="0">');
  });

  it('fails the check that found something, with its finding escaped, and skips the skipped', () => {
    expect(xml).toContain('<failure message="1 finding(s)">type at body.name: must be &lt;string&gt; &amp; &quot;text&quot;\ncurl x</failure>');
    expect(xml).toContain('<skipped message="destructive: run with --include-destructive"/>');
  });
});
