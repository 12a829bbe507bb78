// `npx @vendor/api-mock verify ...`: its flag table for the shared reader (flag-reader.ts), keyed by verify()'s
// option names and read by the same rules verify() checks a caller's values by (verify/option-rules.ts), so the
// options come out checked once and in verify()'s own shape. The token comes only from VENDOR_API_TOKEN (a flag would
// stay in shell history) and is never printed.
import { COMMAND } from '../core/command-name.js';
import { VERIFY_RULES } from '../verify/option-rules.js';
import { DEFAULT_CASES, type VerifyOptions } from '../verify/verify-options.js';
import { helpText, readArgs, type FlagTable, type GivenFlags } from './flag-reader.js';
import { readByRule } from './flag-values.js';

export const TOKEN_ENV = 'VENDOR_API_TOKEN';

export const VERIFY_USAGE = `Usage: ${TOKEN_ENV}=... ${COMMAND} verify --base-url URL [--gateway-base-url URL] [--seed N] [--run R] [--cases ${DEFAULT_CASES}]
                            [--operations id,id] [--include-destructive] [--no-stateful] [--checks a,b] [--exclude-checks c]
                            [--concurrency 1] [--rate N] [--report FILE] [--junit FILE] [--markdown FILE] [--spec openapi.json]
       ${COMMAND} verify --list-checks

Asks an implementation of the API what the contract implies: per operation the documented examples, valid
requests generated from the request rules, requests that each break one rule and requests without a token;
then the spec's links (a create reads back), pages walked to their end and a delete repeated. Every answer is
checked against the spec. The token is read from ${TOKEN_ENV} only. Operations that delete, terminate or change
credentials run only with --include-destructive. Values the contract marks unique are made unique per run (the
run nonce is printed with the seed): --seed N --run R replays a run exactly. --checks and --exclude-checks choose
among the checks --list-checks prints. --no-stateful leaves out the flows (for a stateless mock); --report writes
JSON, --junit JUnit XML, --markdown the Markdown report (also printed). Gateway operations go to
--gateway-base-url (default --base-url). Exit status: 0 no findings, 1 findings, 2 a usage error, 3 nothing could
be tested (the target does not answer, or refuses the token on every operation), 130 interrupted (Ctrl+C; the
reports show what ran).`;

export const VERIFY_FLAGS = {
  baseUrl: { flag: '--base-url', takes: 'value', read: readByRule(VERIFY_RULES.baseUrl), required: true },
  gatewayBaseUrl: { flag: '--gateway-base-url', takes: 'value', read: readByRule(VERIFY_RULES.gatewayBaseUrl) },
  seed: { flag: '--seed', takes: 'value', read: readByRule(VERIFY_RULES.seed) },
  run: { flag: '--run', takes: 'value', read: readByRule(VERIFY_RULES.run) },
  checks: { flag: '--checks', takes: 'value', read: readByRule(VERIFY_RULES.checks) },
  excludeChecks: { flag: '--exclude-checks', takes: 'value', read: readByRule(VERIFY_RULES.excludeChecks) },
  cases: { flag: '--cases', takes: 'value', read: readByRule(VERIFY_RULES.cases), default: DEFAULT_CASES },
  operations: { flag: '--operations', takes: 'value', read: readByRule(VERIFY_RULES.operations) },
  includeDestructive: { flag: '--include-destructive', takes: 'nothing', default: false },
  stateful: { flag: '--no-stateful', takes: 'nothing', sets: false, default: true },
  concurrency: { flag: '--concurrency', takes: 'value', read: readByRule(VERIFY_RULES.concurrency) },
  rate: { flag: '--rate', takes: 'value', read: readByRule(VERIFY_RULES.rate) },
  // The command's own: where the reports go.
  report: { flag: '--report', takes: 'value' },
  junit: { flag: '--junit', takes: 'value' },
  markdown: { flag: '--markdown', takes: 'value' },
  spec: { flag: '--spec', takes: 'value' },
} satisfies FlagTable;

/** What --help prints: the usage, then every flag beside its variable. */
export const VERIFY_HELP = helpText(VERIFY_USAGE, VERIFY_FLAGS);

/** verify()'s options as the command line gave them, the token from the environment, and the reports' files. */
export type VerifyCliOptions = GivenFlags<typeof VERIFY_FLAGS> & VerifyOptions & { help: boolean };

export function parseVerifyArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): VerifyCliOptions {
  const { help, given } = readArgs(argv, VERIFY_FLAGS, VERIFY_USAGE, env);
  // Only --help may leave out --base-url; its usage needs no token.
  const options = { ...given, baseUrl: given.baseUrl ?? '', token: '', help };
  if (help) return options;
  const token = env[TOKEN_ENV] ?? '';
  if (token.trim() === '') throw new Error(`set the token in the ${TOKEN_ENV} environment variable (never a flag: it would stay in shell history)`);
  return { ...options, token };
}

/** The flag that gives verify()'s option `option`, for a usage error found after reading (an operation not in the spec). */
export function flagOf(option: string): string {
  const spec = VERIFY_FLAGS[option as keyof typeof VERIFY_FLAGS];
  return spec === undefined ? option : spec.flag;
}
