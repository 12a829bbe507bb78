// verify()'s options: what a caller may pass, and the settings a run uses after defaults and checks. A mistake is
// a VerifyUsageError naming the option and the rule (the CLI prints it as a usage error, exit 2); the token is never
// part of a message.
import type { SpecSource } from '../spec/load-spec.js';
import { chooseChecks } from './checking/check-registry.js';
import { newRunNonce, RUN_NONCE } from './generation/unique-values.js';
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

export function verifySettings(options: VerifyOptions): VerifySettings {
  checkUrl('baseUrl', options.baseUrl);
  if (options.gatewayBaseUrl !== undefined) checkUrl('gatewayBaseUrl', options.gatewayBaseUrl);
  const hasToken = typeof options.token === 'string' && options.token.trim() !== '';
  if (!hasToken) throw new VerifyUsageError('token', 'token must be a non-empty string');
  const run = options.run ?? newRunNonce();
  if (!RUN_NONCE.test(run)) throw new VerifyUsageError('run', 'run must be 1 to 12 lower-case letters or digits (the run nonce a report names)');
  const chosen = chooseChecks(options.checks, options.excludeChecks);
  if ('unknown' in chosen) {
    const list = chosen.unknown.join(', ');
    throw new VerifyUsageError(chosen.option, `${chosen.option}: ${list} ${chosen.unknown.length === 1 ? 'is not a check' : 'are not checks'} (--list-checks lists them)`);
  }
  if (chosen.checks.length === 0) throw new VerifyUsageError('checks', 'checks: the selection leaves no check to apply (--list-checks lists them)');
  return {
    baseUrl: options.baseUrl,
    gatewayBaseUrl: options.gatewayBaseUrl ?? options.baseUrl,
    token: options.token,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    run,
    checks: chosen.checks,
    signal: options.signal,
    cases: positiveInteger('cases', options.cases, DEFAULT_CASES),
    operations: options.operations,
    includeDestructive: options.includeDestructive === true,
    stateful: options.stateful !== false,
    concurrency: positiveInteger('concurrency', options.concurrency, 1),
    rate: positiveNumber('rate', options.rate),
    fetch: options.fetch ?? globalThis.fetch,
    spec: options.spec,
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, 30_000),
    onOperation: options.onOperation,
  };
}

function checkUrl(option: string, url: unknown): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(url));
  } catch {
    parsed = undefined;
  }
  const isHttp = parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.search === '' && parsed.hash === '';
  // Never the URL itself: it may carry a password.
  if (!isHttp) throw new VerifyUsageError(option, `${option} must be an http(s) URL without query or fragment`);
}

function positiveInteger(option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new VerifyUsageError(option, `${option} must be a whole number from 1`);
  return value;
}

function positiveNumber(option: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new VerifyUsageError(option, `${option} must be a number above 0`);
  return value;
}
