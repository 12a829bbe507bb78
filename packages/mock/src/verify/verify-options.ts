// verify()'s options: what a caller may pass, and the settings a run uses after defaults and checks. A mistake is
// a VerifyUsageError naming the option and the rule (the CLI prints it as a usage error, exit 2); the token is never
// part of a message.
import type { SpecSource } from '../spec/load-spec.js';

export interface VerifyOptions {
  /** the control plane's base URL */
  baseUrl: string;
  /** the gateway's base URL; default `baseUrl` */
  gatewayBaseUrl?: string;
  /** the bearer token sent with every request (but the authentication probes); never printed or written */
  token: string;
  /** fixes every generated case; default a random one (the report names it) */
  seed?: number;
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
  return {
    baseUrl: options.baseUrl,
    gatewayBaseUrl: options.gatewayBaseUrl ?? options.baseUrl,
    token: options.token,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
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
