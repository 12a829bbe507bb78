// `npx @vendor/api-mock verify ...`: runs verify() against the URLs given, prints the seed and the run nonce first and
// the report's Markdown summary at the end, writes --report (JSON), --junit (JUnit XML) and --markdown, and exits
// 0 (no findings), 1 (findings), 2 (a usage error, one line naming the flag and the rule), 3 (nothing could be
// tested: one line saying why) or 130 (Ctrl+C: the reports of what ran are written first). `--list-checks` prints
// the checks. The token is in no output or file.
import { writeFile } from 'node:fs/promises';
import { PACKAGE_NAME } from '../core/command-name.js';
import { checkListing } from '../verify/checking/check-registry.js';
import { reportJunit } from '../verify/reporting/report-junit.js';
import { reportMarkdown } from '../verify/reporting/report-markdown.js';
import { runVerify } from '../verify/verify.js';
import { settledOptions, VerifyUsageError } from '../verify/verify-options.js';
import type { VerifyReport } from '../verify/verify-types.js';
import { parseOrExit } from './parse-or-exit.js';
import { flagOf, parseVerifyArgs, VERIFY_HELP } from './verify-options.js';

/** Exit statuses beyond 0 (no findings) and 1 (findings). */
const USAGE_ERROR = 2;
const NOTHING_TESTED = 3;
const INTERRUPTED = 130;

export async function verifyCommand(argv: readonly string[]): Promise<void> {
  if (argv.includes('--list-checks')) {
    process.stdout.write(`${checkListing()}\n`);
    return;
  }
  const options = parseOrExit('verify', argv, parseVerifyArgs, VERIFY_HELP);
  if (options === undefined) return;
  // Ctrl+C stops the run, not the process: the run returns what ran, and the reports are written before exit 130.
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  const onOperation = (operationId: string, index: number, count: number) => process.stderr.write(`  [${index + 1}/${count}] ${operationId}\n`);
  let report: VerifyReport;
  try {
    // The flags' values were checked as they were read; the rest is settled once (the seed drawn here, if not given).
    const settings = settledOptions({ ...options, signal: interrupt.signal, onOperation });
    const { seed, run } = settings;
    process.stdout.write(`verify: seed ${seed}, run ${run} (replay with --seed ${seed} --run ${run}); ${settings.cases} cases per operation against ${redactedUrl(settings.baseUrl)}\n`);
    process.once('SIGINT', onSigint);
    report = await runVerify(settings);
  } catch (error) {
    // Found after reading the command line (a selection of no check, an operation not in the spec): named by its flag.
    if (error instanceof VerifyUsageError) {
      process.stderr.write(`${PACKAGE_NAME} verify: ${error.message.replace(error.option, flagOf(error.option))}\n`);
      process.exit(USAGE_ERROR);
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
  const markdown = reportMarkdown(report);
  if (options.report !== undefined) await writeFile(options.report, `${JSON.stringify(report, null, 2)}\n`);
  if (options.junit !== undefined) await writeFile(options.junit, reportJunit(report));
  if (options.markdown !== undefined) await writeFile(options.markdown, markdown);
  const nothingTested = report.stopped !== undefined && report.stopped.reason !== 'interrupted';
  if (!nothingTested) process.stdout.write(markdown);
  if (report.stopped !== undefined) process.stderr.write(`${PACKAGE_NAME} verify: ${report.stopped.message}\n`);
  // exitCode, not exit(): stdout may be a pipe still draining the report.
  process.exitCode = exitStatus(report);
}

function exitStatus(report: VerifyReport): number {
  if (report.stopped?.reason === 'interrupted') return INTERRUPTED;
  if (report.stopped !== undefined) return NOTHING_TESTED;
  return report.totals.findings === 0 ? 0 : 1;
}

/** A URL as printed: never a password it may carry. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
