// The rules verify's options are checked by, each once: the command line reads its flags' text by them
// (cli/verify-options.ts) and verify() checks a caller's values by them, so both refuse the same values with the
// same words. A message names the option as the caller gave it (`--cases` on the command line, `cases` in code).
import { BASE_URL_RULE, parseBaseUrl } from '../core/base-url.js';
import { RUN_NONCE } from './generation/unique-values.js';
import { CHECKS } from './verify-types.js';

export interface OptionRule<T> {
  /** The command line's text as a value, checked afterwards like any caller's value; never refuses. */
  fromText: (raw: string) => T;
  /** The message for a value that breaks the rule, naming the option `name`; undefined for a good value. */
  problem: (value: unknown, name: string) => string | undefined;
  /** Whether a usage error repeats the text typed (` (got ...)`): never a URL's, which may carry a password. */
  echoesText: boolean;
}

/** The most cases per operation, or requests in flight, a run takes. */
export const MAX_COUNT = 100_000;
const MAX_SEED = 2 ** 31 - 1;

/** A whole number of at most `digits` digits, else NaN (which no rule accepts). */
function wholeNumberOf(raw: string, digits: number): number {
  const isDigits = new RegExp(`^\\d{1,${digits}}$`).test(raw);
  return isDigits ? Number(raw) : NaN;
}

function isWholeNumber(value: unknown, min: number, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function listOf(raw: string): string[] {
  return raw.split(',').map((item) => item.trim()).filter(Boolean);
}

function isListOfText(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

const baseUrl: OptionRule<string> = {
  fromText: (raw) => raw,
  problem: (value, name) => (parseBaseUrl(value) === undefined ? `${name} must be ${BASE_URL_RULE}` : undefined),
  echoesText: false,
};

/** Cases per operation, or requests in flight: from 1 to MAX_COUNT. */
const count: OptionRule<number> = {
  fromText: (raw) => wholeNumberOf(raw, 6),
  problem: (value, name) => (isWholeNumber(value, 1, MAX_COUNT) ? undefined : `${name} must be a whole number from 1 to ${MAX_COUNT}`),
  echoesText: true,
};

const seed: OptionRule<number> = {
  fromText: (raw) => wholeNumberOf(raw, 10),
  problem: (value, name) => (isWholeNumber(value, 0, MAX_SEED) ? undefined : `${name} must be a whole number from 0 to ${MAX_SEED}`),
  echoesText: true,
};

/** The run nonce a report names. */
const run: OptionRule<string> = {
  fromText: (raw) => raw,
  problem: (value, name) => (typeof value === 'string' && RUN_NONCE.test(value) ? undefined : `${name} must be 1 to 12 lower-case letters or digits, the run a report names`),
  echoesText: true,
};

/** Requests started per second, above 0. */
const rate: OptionRule<number> = {
  fromText: (raw) => (/^\d*\.?\d+$/.test(raw) ? Number(raw) : NaN),
  problem: (value, name) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? undefined : `${name} must be requests per second above 0, e.g. ${name} 10`),
  echoesText: true,
};

/** Names of checks, each one `verify --list-checks` prints. */
const checkNames: OptionRule<string[]> = {
  fromText: listOf,
  problem: (value, name) => {
    if (!isListOfText(value)) return `${name} must be check names separated by commas, e.g. ${name} not_a_server_error,pagination_ends`;
    const unknown = value.filter((check) => !(CHECKS as readonly string[]).includes(check));
    if (unknown.length === 0) return undefined;
    return `${name}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a check' : 'are not checks'} (verify --list-checks lists them)`;
  },
  echoesText: false,
};

/** OperationIds; whether the spec has them is asked when it is loaded. */
const operationIds: OptionRule<string[]> = {
  fromText: listOf,
  problem: (value, name) => {
    const isWellFormed = isListOfText(value) && value.every((id) => /^[A-Za-z_$][\w$]*$/.test(id));
    return isWellFormed ? undefined : `${name} must be operationIds separated by commas, e.g. ${name} getTeam,getMcpServer`;
  },
  echoesText: false,
};

/** Milliseconds before a request counts as unanswered (no flag: for callers in code). */
const timeout: OptionRule<number> = {
  fromText: (raw) => wholeNumberOf(raw, 9),
  problem: (value, name) => (isWholeNumber(value, 1, Number.MAX_SAFE_INTEGER) ? undefined : `${name} must be a whole number from 1`),
  echoesText: true,
};

/** verify()'s options that carry a value to check, by their names. */
export const VERIFY_RULES = {
  baseUrl,
  gatewayBaseUrl: baseUrl,
  seed,
  run,
  checks: checkNames,
  excludeChecks: checkNames,
  cases: count,
  operations: operationIds,
  concurrency: count,
  rate,
  timeoutMs: timeout,
} satisfies Record<string, OptionRule<unknown>>;
