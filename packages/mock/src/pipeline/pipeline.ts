// The one request pipeline of the mock, the sandbox and the validation proxy:
//   control routes -> CORS preflight -> request id -> watch -> route -> context -> auth -> admit -> body -> faults -> check the request -> answer
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
import type { PipelineStages } from './seams.js';

export type HandleRequest = (request: IncomingRequest, reply: Reply) => Promise<void>;

export function createPipeline(route: Router, stages: PipelineStages): HandleRequest {
  const methodsOf = (pathname: string) => methodsAt(route, pathname) ?? stages.allMethods;

  return async function handle(request, transportReply) {
    const url = parseRequestTarget(request.target);
    const answeredByControlRoute = stages.controlRoute(request, transportReply, url);
    if (answeredByControlRoute) return;

    const startedAt = performance.now();
    // Preflights are the browser's, not the code under test's: answered before any watch sees them.
    const answeredPreflight = applyCors(stages.cors, request, transportReply, methodsOf);
    if (answeredPreflight) return;

    const requestId = stages.nextRequestId?.();
    if (requestId !== undefined) transportReply.setHeader(REQUEST_ID_HEADER, requestId);
    const watch = stages.watch?.(request, transportReply, url, startedAt, requestId);
    const reply = watch === undefined ? transportReply : watch.reply;
    const routed = route(request.method, url.pathname);
    let op: MockOperation | undefined;
    try {
      if (routed.kind === 'found') {
        op = routed.operation;
        const ctx = createRequestContext(request, reply, url, routed.operation, routed.params);
        watch?.routed(ctx);
        await runSteps(ctx, stages);
      } else {
        await stages.unrouted(request, reply, url, routed);
      }
    } catch (error) {
      stages.crash(error as Error, reply, op, url);
    }
    if (watch === undefined) return;
    // The journal's watch ends at once; only the proxy's waits (for the answer's last byte).
    const ended = watch.end();
    if (ended !== undefined) await ended;
  };
}

/**
 * auth -> admit (a shared sandbox's rate limit) -> body -> faults -> check -> answer; a step that answers the
 * request itself ends the flow. A step that answers at once (no token to verify, no body to wait for, no fault
 * asked) is not awaited: a plain GET of the stateless mock runs from routing to its answer without waiting.
 */
async function runSteps(ctx: RequestContext, stages: PipelineStages): Promise<void> {
  const auth = stages.authenticate(ctx);
  const signedIn = typeof auth === 'boolean' ? auth : await auth;
  if (!signedIn) return;
  if (stages.admit !== undefined) {
    const admit = stages.admit(ctx);
    const admitted = typeof admit === 'boolean' ? admit : await admit;
    if (!admitted) return;
  }

  const raw = ctx.request.hasBody ? await ctx.request.readBody(MAX_BODY_BYTES) : withoutBody(ctx);
  if (raw === 'too-large') {
    ctx.body = { kind: 'too-large' };
    return stages.refuseTooLarge(ctx);
  }
  ctx.rawBody = raw;
  ctx.body = parseBody(raw, headerValue(ctx.headers, 'content-type'));

  if (stages.faults !== undefined) {
    const fault = stages.faults(ctx);
    const faulted = typeof fault === 'boolean' ? fault : await fault;
    if (faulted) return;
  }

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
