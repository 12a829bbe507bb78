// The seams of the request pipeline (pipeline.ts): what a mode of the mock plugs into it. The pipeline routes and
// runs the same steps for every mode (route -> context -> auth -> body -> faults -> check the request -> answer);
// a mode (the stateless mock, the sandbox, the validation proxy) supplies the steps that differ. Stages import
// these types, never the pipeline itself, so imports point down: stage -> seams, pipeline -> seams.
import type { Caller } from '../core/caller.js';
import type { CorsPolicy } from '../core/cors.js';
import type { MockError } from '../core/error-shapes.js';
import type { IncomingRequest, Reply } from '../core/exchange.js';
import type { NextRequestId } from '../core/request-id.js';
import type { RequestTarget } from '../core/request-target.js';
import type { RequestContext } from '../core/request-context.js';
import type { MockOperation } from '../spec/operation-table.js';

export type RouteResult =
  | { kind: 'found'; operation: MockOperation; /** path parameters by template name, still percent-encoded */ params: Record<string, string> }
  /** `nearest`: the operation whose template spells most of the path's beginning; a 404 takes its error shape */
  | { kind: 'no-path'; nearest: MockOperation | undefined }
  | { kind: 'no-method'; operations: MockOperation[]; allowed: string[] };

/** A request no operation matches (no such path, or not that method on it). */
export type UnroutedRequest = Exclude<RouteResult, { kind: 'found' }>;

/**
 * Watches one exchange from routing to its end: the journal (mock, sandbox) or the proxy's record of what passed.
 * Made before routing, so it sees unrouted requests too.
 */
export interface ExchangeWatch {
  /** the reply every later step writes to (the watch may stand in front of the transport's) */
  readonly reply: Reply;
  /** called once routing has made the request's context */
  routed(ctx: RequestContext): void;
  /** called after the last step; may wait for the answer to go out */
  end(): void | Promise<void>;
}

/** `requestId` is the id the answer carries (the mock's and the sandbox's); undefined where the answer is forwarded (the proxy). */
export type WatchExchange = (request: IncomingRequest, reply: Reply, url: RequestTarget, startedAt: number, requestId: string | undefined) => ExchangeWatch;

/**
 * One exchange as the pipeline hands it to the observers once it is over (metrics, the JSON log, traces): references
 * and two clock readings, nothing copied. `ctx` is undefined when no operation matched (a 404 or 405 of the router).
 */
export interface FinishedExchange {
  readonly request: IncomingRequest;
  /** the reply every step wrote to: its `status` is the answer's (0 after a dropped connection) */
  readonly reply: Reply;
  readonly op: MockOperation | undefined;
  readonly ctx: RequestContext | undefined;
  readonly requestId: string | undefined;
  /** performance.now() when the pipeline took the request, and when the exchange ended */
  readonly startedAt: number;
  readonly endedAt: number;
}

/**
 * Hears of every exchange of the API (not the control routes, not preflights) once it is over: the metrics, the JSON
 * log and the tracer are observers. Undefined when none is on, so the stateless mock spends nothing on them.
 */
export interface ExchangeObserver {
  /** runs the exchange within the observer's context (a tracer's server span, the parent of the store's queries) */
  within?: <T>(request: IncomingRequest, handling: () => T) => T;
  /** once the exchange is over (its answer written); the observer may read it later, its references do not change */
  ended(exchange: FinishedExchange): void;
}

/** The steps a mode supplies. Each answers the request itself when it stops the flow (and returns false). */
export interface PipelineStages {
  /** /_mock/*, /_sandbox/*, /_proxy/report: answered beside the API, never faulted or watched; false for every other path */
  controlRoute(request: IncomingRequest, reply: Reply, url: RequestTarget): boolean;
  cors: CorsPolicy;
  /** every method some operation uses, for preflights on paths the router does not know */
  allMethods: readonly string[];
  /** the id each answer carries as `x-request-id`: the mock's and the sandbox's own; undefined for the proxy, which passes on the upstream's */
  nextRequestId: NextRequestId | undefined;
  watch: WatchExchange | undefined;
  /** metrics, logs and traces (observe/); undefined when all are off */
  observer?: ExchangeObserver | undefined;
  /** the mock answers 404 or 405; the proxy forwards the request all the same */
  unrouted(request: IncomingRequest, reply: Reply, url: RequestTarget, route: UnroutedRequest): void | Promise<void>;
  /** true when the caller may go on (any bearer token, the sandbox's own tokens, or no check at all) */
  authenticate(ctx: RequestContext): boolean | Promise<boolean>;
  /**
   * The caller's share of the service (a shared sandbox's rate limit): true when it is served, else answered (429).
   * Undefined when nothing is limited, so the stateless mock spends nothing on it.
   */
  admit?: ((ctx: RequestContext) => boolean | Promise<boolean>) | undefined;
  /** the body is larger than MAX_BODY_BYTES */
  refuseTooLarge(ctx: RequestContext): void;
  /** `Prefer` faults and delays, chaos mode; true when the request was answered (or its connection dropped) */
  faults: ((ctx: RequestContext) => boolean | Promise<boolean>) | undefined;
  /** true when the request goes on to its answer */
  checkRequest(ctx: RequestContext): boolean;
  /** the answer: a documented example, the sandbox's store, or the upstream's (forwarded) */
  answer(ctx: RequestContext): void | Promise<void>;
  /** a step threw: the mode's own 500 (or a dropped connection once the answer had started) */
  crash(error: Error, reply: Reply, op: MockOperation | undefined, url: RequestTarget): void;
}

export type SandboxAuth = { ok: true; caller: Caller } | { ok: false; error: MockError };

export type SandboxAnswer =
  /** `json`: the body already encoded (a stored record's answer, kept with it), sent as it is */
  | { status: number; body: unknown; json?: Uint8Array; headers?: Record<string, string> }
  | { error: MockError; headers?: Record<string, string> };

/** Whether a tenant's request is served now, and the RateLimit-* headers of its answer (sandbox/limits/rate-limiter.ts). */
export interface AdmitVerdict {
  admitted: boolean;
  headers: Record<string, string>;
  /** the 429 a refused request gets */
  error?: MockError;
  /** how long to hold a refusal before answering it, in ms */
  holdMs?: number;
}

/** A valid request whose caller the sandbox knows: what its handlers read. */
export type SandboxContext = RequestContext & { readonly caller: Caller };

/**
 * The sandbox's two steps. It replaces who the caller is (its own tokens instead of "any bearer token") and where
 * a valid request's answer comes from (its store instead of a documented example); errors, shapes and Prefer are shared.
 */
export interface SandboxSeam {
  /** Replaces the any-non-empty-token check: a 401 error unless the token is this sandbox's and valid. */
  authenticate(ctx: RequestContext): Promise<SandboxAuth>;
  /** With a rate limit: counts a request of the signed-in caller, before its body is read (on a fleet it may wait for its shared bucket). */
  admit: ((tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>) | undefined;
  /** The answer to a valid request from the store; undefined leaves it to the stateless answers (charts, change password). */
  answer(ctx: SandboxContext): Promise<SandboxAnswer | undefined>;
}
