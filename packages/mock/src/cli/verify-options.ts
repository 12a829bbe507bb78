// `npx @vendor/api-mock verify ...`: its flag table for the shared reader (flag-reader.ts), read into verify()'s
// options. The token comes only from VENDOR_API_TOKEN (a flag would stay in shell history) and is never printed.
import { COMMAND } from '../core/command-name.js';
import { DEFAULT_CASES } from '../verify/verify-options.js';
import { readArgs, type FlagTable } from './flag-reader.js';
import { readUpstream } from './flag-values.js';

export const TOKEN_ENV = 'VENDOR_API_TOKEN';

export interface VerifyCliOptions {
  baseUrl: string;
  gatewayBaseUrl?: string;
  token: string;
  seed?: number;
  cases: number;
  operations?: string[];
  includeDestructive: boolean;
  stateful: boolean;
  concurrency?: number;
  rate?: number;
  report?: string;
  junit?: string;
  /** a JSON bundle to verify against; default the published one (which carries no x-provenance markers) */
  spec?: string;
  help: boolean;
}

export const VERIFY_USAGE = `Usage: ${TOKEN_ENV}=... ${COMMAND} verify --base-url URL [--gateway-base-url URL] [--seed N] [--cases ${DEFAULT_CASES}]
                            [--operations id,id] [--include-destructive] [--no-stateful] [--concurrency 1] [--rate N]
                            [--report FILE] [--junit FILE] [--spec openapi.json]

Asks an implementation of the API what the contract implies: per operation the documented examples, valid
requests generated from the request rules, requests that each break one rule and requests without a token;
then the spec's links (a create reads back), pages walked to their end and a delete repeated. Every answer is
checked against the spec. The token is read from ${TOKEN_ENV} only. Operations that delete, terminate or change
credentials run only with --include-destructive. Exit status: 0 no findings, 1 findings, 2 a usage error.
--seed N replays a run; --no-stateful leaves out the flows (for a stateless mock); --report writes JSON and
--junit JUnit XML. Gateway operations go to --gateway-base-url (default --base-url).`;

const VERIFY_FLAGS = {
  baseUrl: { flag: '--base-url', takes: 'value', read: readUpstream, required: true },
  gatewayBaseUrl: { flag: '--gateway-base-url', takes: 'value', read: readUpstream },
  seed: { flag: '--seed', takes: 'value', read: readSeed },
  cases: { flag: '--cases', takes: 'value', read: readCount },
  operations: { flag: '--operations', takes: 'value', read: readOperationIds },
  includeDestructive: { flag: '--include-destructive', takes: 'nothing' },
  noStateful: { flag: '--no-stateful', takes: 'nothing' },
  concurrency: { flag: '--concurrency', takes: 'value', read: readCount },
  rate: { flag: '--rate', takes: 'value', read: readRequestRate },
  report: { flag: '--report', takes: 'value' },
  junit: { flag: '--junit', takes: 'value' },
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
