// `npx @vendor/api-mock verify ...`: runs verify() against the URLs given, prints the seed and the run nonce first and
// the report's Markdown summary at the end, writes --report (JSON), --junit (JUnit XML) and --markdown, and exits
// 0 (no findings), 1 (findings), 2 (a usage error, one line naming the flag and the rule), 3 (nothing could be
// tested: one line saying why) or 130 (Ctrl+C: the reports of what ran are written first). `--list-checks` prints
// the checks. The token is in no output or file.
import { writeFile } from 'node:fs/promises';
import { PACKAGE_NAME } from '../core/command-name.js';
import { checkListing } from '../verify/checking/check-registry.js';
import { newRunNonce } from '../verify/generation/unique-values.js';
import { reportJunit } from '../verify/reporting/report-junit.js';
import { reportMarkdown } from '../verify/reporting/report-markdown.js';
import { verify } from '../verify/verify.js';
import { VerifyUsageError, type VerifyOptions } from '../verify/verify-options.js';
import type { VerifyReport } from '../verify/verify-types.js';
import { parseOrExit } from './parse-or-exit.js';
import { parseVerifyArgs, VERIFY_USAGE, type VerifyCliOptions } from './verify-options.js';

/** The flag a verify() option is given by, for usage errors found after reading the command line. */
const FLAG_OF: Record<string, string> = {
  operations: '--operations',
  cases: '--cases',
  concurrency: '--concurrency',
  rate: '--rate',
  baseUrl: '--base-url',
  gatewayBaseUrl: '--gateway-base-url',
  checks: '--checks',
  excludeChecks: '--exclude-checks',
  run: '--run',
};

/** Exit statuses beyond 0 (no findings) and 1 (findings). */
const USAGE_ERROR = 2;
const NOTHING_TESTED = 3;
const INTERRUPTED = 130;

export async function verifyCommand(argv: readonly string[]): Promise<void> {
  if (argv.includes('--list-checks')) {
    process.stdout.write(`${checkListing()}\n`);
    return;
  }
  const options = parseOrExit('verify', argv, parseVerifyArgs, VERIFY_USAGE);
  if (options === undefined) return;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const run = options.run ?? newRunNonce();
  process.stdout.write(`verify: seed ${seed}, run ${run} (replay with --seed ${seed} --run ${run}); ${options.cases} cases per operation against ${redactedUrl(options.baseUrl)}\n`);
  // Ctrl+C stops the run, not the process: verify() returns what ran, and the reports are written before exit 130.
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  process.once('SIGINT', onSigint);
  let report: VerifyReport;
  try {
    report = await verify(verifyOptions(options, seed, run, interrupt.signal));
  } catch (error) {
    if (error instanceof VerifyUsageError) {
      const flag = FLAG_OF[error.option] ?? error.option;
      process.stderr.write(`${PACKAGE_NAME} verify: ${error.message.replace(error.option, flag)}\n`);
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

function verifyOptions(options: VerifyCliOptions, seed: number, run: string, signal: AbortSignal): VerifyOptions {
  return {
    baseUrl: options.baseUrl,
    token: options.token,
    seed,
    run,
    signal,
    cases: options.cases,
    includeDestructive: options.includeDestructive,
    stateful: options.stateful,
    ...(options.gatewayBaseUrl !== undefined && { gatewayBaseUrl: options.gatewayBaseUrl }),
    ...(options.operations !== undefined && { operations: options.operations }),
    ...(options.checks !== undefined && { checks: options.checks }),
    ...(options.excludeChecks !== undefined && { excludeChecks: options.excludeChecks }),
    ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
    ...(options.rate !== undefined && { rate: options.rate }),
    ...(options.spec !== undefined && { spec: options.spec }),
    onOperation: (operationId, index, count) => process.stderr.write(`  [${index + 1}/${count}] ${operationId}\n`),
  };
}

/** A URL as printed: never a password it may carry. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
