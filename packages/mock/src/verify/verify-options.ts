// verify()'s options: what a caller may pass, and the settings a run uses after defaults and checks. A mistake is
// a VerifyUsageError naming the option and the rule (the CLI prints it as a usage error, exit 2, under the option's
// flag); the token is never part of a message. The values' rules: option-rules.ts.
import type { SpecSource } from '../spec/load-spec.js';
import { chooseChecks } from './checking/check-registry.js';
import { newRunNonce } from './generation/unique-values.js';
import { VERIFY_RULES } from './option-rules.js';
import type { CheckName } from './verify-types.js';

export interface VerifyOptions {
  /** the control plane's base URL */
  baseUrl: string;
  /** the gateway's base URL; default `baseUrl` */
  gatewayBaseUrl?: string;
  /** the bearer token sent with every request (but the authentication probes); never printed or written */
  token: string;
  /** fixes every generated case; default a random one (the report names it) */
  seed?: number;
  /**
   * the run nonce that makes the contract's unique values (`x-unique`) unique to this run; default a new one (the
   * report names it). With the same seed, the same run replays a run exactly.
   */
  run?: string;
  /** the checks to apply (names of checking/check-registry.ts); default all */
  checks?: readonly string[];
  /** checks to leave out */
  excludeChecks?: readonly string[];
  /** stops the run: what ran is reported, marked interrupted (the CLI aborts it on Ctrl+C) */
  signal?: AbortSignal;
  /** cases per operation; default 50 */
  cases?: number;
  /** operationIds to verify; default all */
  operations?: readonly string[];
  /** run operations that delete, terminate or change credentials (`x-destructive`); default false */
  includeDestructive?: boolean;
  /** follow links, walk pages, delete twice; default true (a stateless mock cannot pass them) */
  stateful?: boolean;
  /** requests in flight at once; default 1 */
  concurrency?: number;
  /** at most this many requests started per second; default no limit */
  rate?: number;
  /** the fetch to send with (an in-process mock's, a test double's); default globalThis.fetch */
  fetch?: typeof fetch;
  /** the contract to verify against: a JSON bundle's path or the document; default the published bundle */
  spec?: SpecSource;
  /** milliseconds before a request counts as unanswered; default 30 000 */
  timeoutMs?: number;
  /** told each operation as it starts, e.g. for a progress line */
  onOperation?: (operationId: string, index: number, count: number) => void;
}

export interface VerifySettings {
  baseUrl: string;
  gatewayBaseUrl: string;
  token: string;
  seed: number;
  run: string;
  checks: CheckName[];
  signal: AbortSignal | undefined;
  cases: number;
  operations: readonly string[] | undefined;
  includeDestructive: boolean;
  stateful: boolean;
  concurrency: number;
  rate: number | undefined;
  fetch: typeof fetch;
  spec: SpecSource;
  timeoutMs: number;
  onOperation: VerifyOptions['onOperation'];
}

export class VerifyUsageError extends Error {
  constructor(
    /** the option as the caller named it (`cases`), which the CLI turns into its flag */
    readonly option: string,
    message: string,
  ) {
    super(message);
    this.name = 'VerifyUsageError';
  }
}

export const DEFAULT_CASES = 50;

/** The settings of a run from a caller's options: each value checked by its rule, then settled. */
export function verifySettings(options: VerifyOptions): VerifySettings {
  checkOptions(options);
  return settledOptions(options);
}

/**
 * The settings of a run from options whose values are already checked (the command line checks them as it reads
 * them): defaults filled in, the seed and the run nonce drawn when not given (here only), the checks chosen.
 */
export function settledOptions(options: VerifyOptions): VerifySettings {
  const checks = chooseChecks(options.checks, options.excludeChecks);
  if (checks.length === 0) throw new VerifyUsageError('checks', 'checks: the selection leaves no check to apply (--list-checks lists them)');
  return {
    baseUrl: options.baseUrl,
    gatewayBaseUrl: options.gatewayBaseUrl ?? options.baseUrl,
    token: options.token,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    run: options.run ?? newRunNonce(),
    checks,
    signal: options.signal,
    cases: options.cases ?? DEFAULT_CASES,
    operations: options.operations,
    includeDestructive: options.includeDestructive === true,
    stateful: options.stateful !== false,
    concurrency: options.concurrency ?? 1,
    rate: options.rate,
    fetch: options.fetch ?? globalThis.fetch,
    spec: options.spec,
    timeoutMs: options.timeoutMs ?? 30_000,
    onOperation: options.onOperation,
  };
}

/** A caller's values against the rules the command line reads its flags by; the token, which has no flag. */
function checkOptions(options: VerifyOptions): void {
  for (const [option, rule] of Object.entries(VERIFY_RULES)) {
    const value = options[option as keyof typeof VERIFY_RULES];
    // Only baseUrl has no default: every other option may be left out.
    const isLeftOut = value === undefined && option !== 'baseUrl';
    if (isLeftOut) continue;
    const problem = rule.problem(value, option);
    if (problem !== undefined) throw new VerifyUsageError(option, problem);
  }
  const hasToken = typeof options.token === 'string' && options.token.trim() !== '';
  if (!hasToken) throw new VerifyUsageError('token', 'token must be a non-empty string');
}
