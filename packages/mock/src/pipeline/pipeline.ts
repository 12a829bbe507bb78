// The one request pipeline of the mock, the sandbox and the validation proxy:
//   control routes -> CORS preflight -> [observer] -> request id -> watch -> route -> context -> auth -> admit -> body -> faults -> check the request -> answer -> [observer: ended]
// Routing builds the request's one RequestContext; every later step reads it and adds what it learns. What differs
// between the modes (who may call, what an invalid request gets, where the answer comes from) are the steps of
// PipelineStages (seams.ts). The pipeline sees only core/exchange.ts's request and reply, so the server (node:http)
// and the in-process fetch run it alike.
import { applyCors } from '../core/cors.js';
import type { IncomingRequest, Reply } from '../core/exchange.js';
import { headerValue } from '../core/exchange.js';
import { MAX_BODY_BYTES, parseBody } from '../core/request-body.js';
import { createRequestContext, type RequestContext } from '../core/request-context.js';
import { REQUEST_ID_HEADER } from '../core/request-id.js';
import { parseRequestTarget } from '../core/request-target.js';
import { methodsAt, type Router } from './router.js';
import type { MockOperation } from '../spec/operation-table.js';
import type { ExchangeObserver, ExchangeWatch, FinishedExchange, PipelineStages } from './seams.js';
import type { RequestTarget } from '../core/request-target.js';

export type HandleRequest = (request: IncomingRequest, reply: Reply) => Promise<void>;

/**
 * What the pipeline returns for a request it answered without waiting (most stateless requests): one settled
 * promise, shared, so such a request makes no promise of its own. The server checks for it (server/serve-http.ts)
 * and then has nothing to track or catch.
 */
export const ANSWERED: Promise<void> = Promise.resolve();

export function createPipeline(route: Router, stages: PipelineStages): HandleRequest {
  const methodsOf = (pathname: string) => methodsAt(route, pathname) ?? stages.allMethods;

  return function handle(request, transportReply) {
    try {
      return handleNow(request, transportReply) ?? ANSWERED;
    } catch (error) {
      return Promise.reject(error);
    }
  };

  /** The request's handling: undefined when it is over already, else a promise of its end. */
  function handleNow(request: IncomingRequest, transportReply: Reply): Promise<void> | undefined {
    const url = parseRequestTarget(request.target);
    const answeredByControlRoute = stages.controlRoute(request, transportReply, url);
    if (answeredByControlRoute) return undefined;

    const startedAt = performance.now();
    // Preflights are the browser's, not the code under test's: answered before any watch sees them.
    const answeredPreflight = applyCors(stages.cors, request, transportReply, methodsOf);
    if (answeredPreflight) return undefined;
    const observer = stages.observer;
    if (observer === undefined) return handleExchange(request, transportReply, url, startedAt, undefined);
    if (observer.within === undefined) return handleExchange(request, transportReply, url, startedAt, observer);
    return observer.within(request, () => handleExchange(request, transportReply, url, startedAt, observer));
  }

  /** An API request, from its request id to its end: the observers hear of it once it is over. */
  function handleExchange(request: IncomingRequest, transportReply: Reply, url: RequestTarget, startedAt: number, observer: ExchangeObserver | undefined): Promise<void> | undefined {
    const requestId = stages.nextRequestId?.();
    if (requestId !== undefined) transportReply.setHeader(REQUEST_ID_HEADER, requestId);
    const watch = stages.watch?.(request, transportReply, url, startedAt, requestId);
    const reply = watch === undefined ? transportReply : watch.reply;
    const routed = route(request.method, url.pathname);
    let op: MockOperation | undefined;
    let ctx: RequestContext | undefined;
    let pending: void | Promise<void> = undefined;
    try {
      if (routed.kind === 'found') {
        op = routed.operation;
        ctx = createRequestContext(request, reply, url, routed.operation, routed.params);
        watch?.routed(ctx);
        pending = runSteps(ctx, stages);
      } else {
        pending = stages.unrouted(request, reply, url, routed);
      }
    } catch (error) {
      stages.crash(error as Error, reply, op, url);
    }
    const observed = observer === undefined ? undefined : { observer, request, reply, op, ctx, requestId, startedAt };
    if (pending !== undefined) return finishLater(pending, reply, op, url, watch, observed);
    if (watch === undefined) return endObserved(observed);
    // The journal's watch ends at once; only the proxy's waits (for the answer's last byte).
    const ended = watch.end();
    if (ended === undefined) return endObserved(observed);
    return observed === undefined ? ended : ended.then(() => endObserved(observed));
  }

  /** A step waits (a token to verify, a body to read, a delay, the upstream): the rest of the exchange once it is done. */
  async function finishLater(pending: Promise<void>, reply: Reply, op: MockOperation | undefined, url: RequestTarget, watch: ExchangeWatch | undefined, observed: Observed | undefined): Promise<void> {
    try {
      await pending;
    } catch (error) {
      stages.crash(error as Error, reply, op, url);
    }
    if (watch !== undefined) {
      const ended = watch.end();
      if (ended !== undefined) await ended;
    }
    endObserved(observed);
  }
}

/** What the observers are told of an exchange, before its end is known. */
type Observed = Omit<FinishedExchange, 'endedAt'> & { observer: ExchangeObserver };

/** Tells the observers the exchange is over; an observer that throws is its own bug, never the request's. */
function endObserved(observed: Observed | undefined): undefined {
  if (observed === undefined) return undefined;
  const { observer, request, reply, op, ctx, requestId, startedAt } = observed;
  try {
    observer.ended({ request, reply, op, ctx, requestId, startedAt, endedAt: performance.now() });
  } catch {
    // The observers guard themselves (observe/exchange-observers.ts); nothing here may fail a request.
  }
  return undefined;
}

/**
 * auth -> admit (a shared sandbox's rate limit) -> body -> faults -> check -> answer; a step that answers the
 * request itself ends the flow. A step that answers at once (no token to verify, no body to wait for, no fault
 * asked) is not awaited: a plain GET of the stateless mock runs from routing to its answer without a promise.
 */
function runSteps(ctx: RequestContext, stages: PipelineStages): void | Promise<void> {
  const auth = stages.authenticate(ctx);
  if (typeof auth !== 'boolean') return auth.then((signedIn) => (signedIn ? admitStep(ctx, stages) : undefined));
  if (!auth) return;
  return admitStep(ctx, stages);
}

function admitStep(ctx: RequestContext, stages: PipelineStages): void | Promise<void> {
  if (stages.admit === undefined) return bodyStep(ctx, stages);
  const admit = stages.admit(ctx);
  if (typeof admit !== 'boolean') return admit.then((admitted) => (admitted ? bodyStep(ctx, stages) : undefined));
  if (!admit) return;
  return bodyStep(ctx, stages);
}

function bodyStep(ctx: RequestContext, stages: PipelineStages): void | Promise<void> {
  if (ctx.request.hasBody) return ctx.request.readBody(MAX_BODY_BYTES).then((raw) => withBody(ctx, stages, raw));
  return withBody(ctx, stages, withoutBody(ctx));
}

function withBody(ctx: RequestContext, stages: PipelineStages, raw: Uint8Array | 'too-large'): void | Promise<void> {
  if (raw === 'too-large') {
    ctx.body = { kind: 'too-large' };
    return stages.refuseTooLarge(ctx);
  }
  ctx.rawBody = raw;
  ctx.body = parseBody(raw, headerValue(ctx.headers, 'content-type'));

  if (stages.faults === undefined) return checkAndAnswer(ctx, stages);
  const fault = stages.faults(ctx);
  if (typeof fault !== 'boolean') return fault.then((faulted) => (faulted ? undefined : checkAndAnswer(ctx, stages)));
  if (fault) return;
  return checkAndAnswer(ctx, stages);
}

function checkAndAnswer(ctx: RequestContext, stages: PipelineStages): void | Promise<void> {
  const goesOn = stages.checkRequest(ctx);
  if (!goesOn) return;
  return stages.answer(ctx);
}

const EMPTY_BODY = new Uint8Array(0);

/** A request without a body: the transport still lets the (empty) request end, so the connection serves the next. */
function withoutBody(ctx: RequestContext): Uint8Array {
  ctx.request.discardBody();
  return EMPTY_BODY;
}
