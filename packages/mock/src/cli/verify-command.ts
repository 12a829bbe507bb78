// `npx @vendor/api-mock verify ...`: runs verify() against the URLs given, prints the seed first and the report's
// Markdown summary at the end, writes --report (JSON) and --junit (JUnit XML), and exits 0 (no findings), 1
// (findings) or 2 (a usage error, one line naming the flag and the rule). The token is in no output or file.
import { writeFile } from 'node:fs/promises';
import { PACKAGE_NAME } from '../core/command-name.js';
import { reportJunit } from '../verify/reporting/report-junit.js';
import { reportMarkdown } from '../verify/reporting/report-markdown.js';
import { verify } from '../verify/verify.js';
import { VerifyUsageError, type VerifyOptions } from '../verify/verify-options.js';
import { parseOrExit } from './parse-or-exit.js';
import { parseVerifyArgs, VERIFY_USAGE, type VerifyCliOptions } from './verify-options.js';

/** The flag a verify() option is given by, for usage errors found after reading the command line. */
const FLAG_OF: Record<string, string> = { operations: '--operations', cases: '--cases', concurrency: '--concurrency', rate: '--rate', baseUrl: '--base-url', gatewayBaseUrl: '--gateway-base-url' };

export async function verifyCommand(argv: readonly string[]): Promise<void> {
  const options = parseOrExit('verify', argv, parseVerifyArgs, VERIFY_USAGE);
  if (options === undefined) return;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  process.stdout.write(`verify: seed ${seed} (replay with --seed ${seed}); ${options.cases} cases per operation against ${redactedUrl(options.baseUrl)}\n`);
  let report;
  try {
    report = await verify(verifyOptions(options, seed));
  } catch (error) {
    if (error instanceof VerifyUsageError) {
      const flag = FLAG_OF[error.option] ?? error.option;
      process.stderr.write(`${PACKAGE_NAME} verify: ${error.message.replace(error.option, flag)}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (options.report !== undefined) await writeFile(options.report, `${JSON.stringify(report, null, 2)}\n`);
  if (options.junit !== undefined) await writeFile(options.junit, reportJunit(report));
  process.stdout.write(reportMarkdown(report));
  // exitCode, not exit(): stdout may be a pipe still draining the report.
  process.exitCode = report.totals.findings === 0 ? 0 : 1;
}

function verifyOptions(options: VerifyCliOptions, seed: number): VerifyOptions {
  return {
    baseUrl: options.baseUrl,
    token: options.token,
    seed,
    cases: options.cases,
    includeDestructive: options.includeDestructive,
    stateful: options.stateful,
    ...(options.gatewayBaseUrl !== undefined && { gatewayBaseUrl: options.gatewayBaseUrl }),
    ...(options.operations !== undefined && { operations: options.operations }),
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
