// `npx @vendor/api-mock verify ...`: its flag table for the shared reader (flag-reader.ts), read into verify()'s
// options. The token comes only from VENDOR_API_TOKEN (a flag would stay in shell history) and is never printed.
import { COMMAND } from '../core/command-name.js';
import { RUN_NONCE } from '../verify/generation/unique-values.js';
import { DEFAULT_CASES } from '../verify/verify-options.js';
import { CHECKS } from '../verify/verify-types.js';
import { readArgs, type FlagTable } from './flag-reader.js';
import { readUpstream } from './flag-values.js';

export const TOKEN_ENV = 'VENDOR_API_TOKEN';

export interface VerifyCliOptions {
  baseUrl: string;
  gatewayBaseUrl?: string;
  token: string;
  seed?: number;
  /** the run nonce to replay (`--run`); default a new one */
  run?: string;
  checks?: string[];
  excludeChecks?: string[];
  cases: number;
  operations?: string[];
  includeDestructive: boolean;
  stateful: boolean;
  concurrency?: number;
  rate?: number;
  report?: string;
  junit?: string;
  /** the Markdown report to a file, besides stdout */
  markdown?: string;
  /** a JSON bundle to verify against; default the published one (which carries no x-provenance markers) */
  spec?: string;
  help: boolean;
}

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

const VERIFY_FLAGS = {
  baseUrl: { flag: '--base-url', takes: 'value', read: readUpstream, required: true },
  gatewayBaseUrl: { flag: '--gateway-base-url', takes: 'value', read: readUpstream },
  seed: { flag: '--seed', takes: 'value', read: readSeed },
  run: { flag: '--run', takes: 'value', read: readRunNonce },
  checks: { flag: '--checks', takes: 'value', read: readCheckNames },
  excludeChecks: { flag: '--exclude-checks', takes: 'value', read: readCheckNames },
  cases: { flag: '--cases', takes: 'value', read: readCount },
  operations: { flag: '--operations', takes: 'value', read: readOperationIds },
  includeDestructive: { flag: '--include-destructive', takes: 'nothing' },
  noStateful: { flag: '--no-stateful', takes: 'nothing' },
  concurrency: { flag: '--concurrency', takes: 'value', read: readCount },
  rate: { flag: '--rate', takes: 'value', read: readRequestRate },
  report: { flag: '--report', takes: 'value' },
  junit: { flag: '--junit', takes: 'value' },
  markdown: { flag: '--markdown', takes: 'value' },
  spec: { flag: '--spec', takes: 'value' },
} satisfies FlagTable;

export function parseVerifyArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): VerifyCliOptions {
  const { help, given } = readArgs(argv, VERIFY_FLAGS, VERIFY_USAGE);
  const { noStateful, includeDestructive, cases, ...sameNames } = given;
  const options: VerifyCliOptions = {
    ...sameNames,
    baseUrl: given.baseUrl ?? '',
    token: '',
    cases: cases ?? DEFAULT_CASES,
    includeDestructive: includeDestructive === true,
    stateful: noStateful !== true,
    help,
  };
  if (help) return options;
  const token = env[TOKEN_ENV] ?? '';
  if (token.trim() === '') throw new Error(`set the token in the ${TOKEN_ENV} environment variable (never a flag: it would stay in shell history)`);
  return { ...options, token };
}

/** A seed: a whole number from 0 to 2^31 - 1. */
function readSeed(raw: string, flag: string): number {
  const seed = Number(raw);
  const valid = /^\d{1,10}$/.test(raw) && seed < 2 ** 31;
  if (!valid) throw new Error(`${flag} must be a whole number from 0 to 2147483647 (got ${raw})`);
  return seed;
}

/** A run nonce, as a report names it. */
function readRunNonce(raw: string, flag: string): string {
  if (!RUN_NONCE.test(raw)) throw new Error(`${flag} must be 1 to 12 lower-case letters or digits, the run a report names (got ${raw})`);
  return raw;
}

/** Check names separated by commas, each one verify --list-checks prints. */
function readCheckNames(raw: string, flag: string): string[] {
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) throw new Error(`${flag} must be check names separated by commas, e.g. ${flag} not_a_server_error,pagination_ends`);
  const unknown = names.filter((name) => !(CHECKS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`${flag}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a check' : 'are not checks'} (verify --list-checks lists them)`);
  return names;
}

/** A count of cases or requests: a whole number from 1 to 100000. */
function readCount(raw: string, flag: string): number {
  const count = Number(raw);
  const valid = /^\d{1,6}$/.test(raw) && count >= 1 && count <= 100_000;
  if (!valid) throw new Error(`${flag} must be a whole number from 1 to 100000 (got ${raw})`);
  return count;
}

/** Requests per second, above 0. */
function readRequestRate(raw: string, flag: string): number {
  const rate = Number(raw);
  const valid = /^\d*\.?\d+$/.test(raw) && rate > 0;
  if (!valid) throw new Error(`${flag} must be requests per second above 0, e.g. ${flag} 10 (got ${raw})`);
  return rate;
}

/** Comma-separated operationIds; whether the spec has them is checked when it is loaded. */
function readOperationIds(raw: string, flag: string): string[] {
  const ids = raw.split(',').map((id) => id.trim()).filter(Boolean);
  const malformed = ids.find((id) => !/^[A-Za-z_$][\w$]*$/.test(id));
  if (ids.length === 0 || malformed !== undefined) throw new Error(`${flag} must be operationIds separated by commas, e.g. ${flag} getTeam,getMcpServer`);
  return ids;
}
