// The request pipeline: control routes -> CORS preflight -> route -> auth -> body -> faults -> validation ->
// answer, then the journal. Routing builds the request's one RequestContext; every later stage reads it and
// adds what it learns. The sandbox (--sandbox) plugs into two stages through its seam (sandbox/seam.ts): auth,
// and the answer to a valid request. The pipeline sees only exchange.ts's request and reply, so the server
// (node:http) and the in-process fetch run it alike.
import type { ChooseAnswer } from '../answers/answer-table.js';
import type { BodyGenerator } from '../answers/generated-answer.js';
import { isPreferViolation, parsePrefer } from '../answers/prefer-header.js';
import type { PrismEngine } from '../answers/prism-engine.js';
import { sendStatelessAnswer } from '../answers/send-answer.js';
import { applyFaults, type FaultDeps } from '../faults/fault-step.js';
import type { JournalSink } from '../journal/recorded-exchange.js';
import { RecordingReply } from '../journal/recording-reply.js';
import type { SandboxContext, SandboxSeam } from '../sandbox/seam.js';
import type { ErrorShape, Violation } from '../types.js';
import { invalidRequestError, validateRequest } from '../validation/request-validation.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { hasBearerToken } from './bearer-token.js';
import { applyCors, type CorsPolicy } from './cors.js';
import { headerValue, type IncomingRequest, type Reply } from './exchange.js';
import { MAX_BODY_BYTES, parseBody } from './request-body.js';
import { createRequestContext, type RequestContext } from './request-context.js';
import { sendError, sendJson } from './response-writer.js';
import { methodsAt, type Router } from './router.js';

export interface PipelineDeps {
  route: Router;
  validators: SchemaValidators;
  answers: ChooseAnswer;
  /** generated bodies (Prefer: dynamic=true), reproducible for a seed */
  generate: BodyGenerator;
  /** Prism, loaded on first call, for what neither an example nor the generator can answer (a custom spec's headers, other media types) */
  prism: () => Promise<PrismEngine>;
  cors: CorsPolicy;
  /** every method some operation uses, for preflights on paths the mock does not know */
  allMethods: readonly string[];
  /** Called with one line when the mock itself is wrong (a response that violates its schema, a crash). */
  warn: (line: string) => void;
  faults: FaultDeps;
  /** keeps each exchange for GET /_mock/requests */
  journal: JournalSink | undefined;
  /** /_mock/* and /_sandbox/*: answered here, never faulted or journalled; false for every other path */
  controlRoute: (request: IncomingRequest, reply: Reply, url: URL) => boolean;
  /** The sandbox (`--sandbox`): checks its own tokens and answers valid requests from its store. */
  sandbox?: SandboxSeam;
}

export type HandleRequest = (request: IncomingRequest, reply: Reply) => Promise<void>;

/** The error shape of a 404 from a spec without a single operation, which has no shape to borrow. */
const SHAPE_WITHOUT_OPERATIONS: ErrorShape = 'control-plane';

export function createPipeline(deps: PipelineDeps): HandleRequest {
  return async function handle(request, sink) {
    const url = new URL(request.target, 'http://mock.invalid');
    const answeredByControlRoute = deps.controlRoute(request, sink, url);
    if (answeredByControlRoute) return;

    const startedAt = performance.now();
    // Preflights are the browser's, not the code under test's: answered before the journal sees anything.
    const answeredPreflight = applyCors(deps.cors, request, sink, (pathname) => methodsAt(deps.route, pathname) ?? deps.allMethods);
    if (answeredPreflight) return;

    let reply: Reply = sink;
    let recording: RecordingReply | undefined;
    if (deps.journal !== undefined) {
      recording = new RecordingReply(sink, deps.journal, request, url, startedAt);
      reply = recording;
    }

    const route = deps.route(request.method, url.pathname);
    if (route.kind !== 'found') return answerUnrouted(request, reply, url, route);

    const ctx = createRequestContext(request, reply, url, route.operation, route.params);
    // The journal reads the operation, the caller and the body from it when the answer goes out.
    if (recording !== undefined) recording.ctx = ctx;
    try {
      await handleOperation(ctx, deps);
    } catch (error) {
      answerCrash(ctx, deps, error as Error);
    }
  };
}

function answerUnrouted(request: IncomingRequest, reply: Reply, url: URL, route: Exclude<ReturnType<Router>, { kind: 'found' }>): void {
  request.discardBody();
  if (route.kind === 'no-path') {
    return sendError(reply, route.nearest?.errorShape ?? SHAPE_WITHOUT_OPERATIONS, {
      status: 404,
      kind: 'not-found',
      message: `No operation matches ${request.method} ${url.pathname}`,
    });
  }
  return sendError(
    reply,
    route.operations[0]!.errorShape,
    { status: 405, kind: 'method-not-allowed', message: `${request.method} is not allowed on ${url.pathname}; allowed: ${route.allowed.join(', ')}` },
    { allow: route.allowed.join(', ') },
  );
}

function answerCrash(ctx: RequestContext, deps: PipelineDeps, error: Error): void {
  const { op } = ctx;
  deps.warn(`mock error in ${op.operationId}: ${error.message}`);
  if (ctx.reply.done) return;
  sendError(ctx.reply, op.errorShape, { status: 500, kind: 'mock-error', message: `The mock failed while handling ${op.operationId}; see its log` });
}

async function handleOperation(ctx: RequestContext, deps: PipelineDeps): Promise<void> {
  if (deps.sandbox) {
    const signedIn = await signInToSandbox(ctx, deps.sandbox);
    if (!signedIn) return;
  } else if (!hasBearerToken(ctx.headers)) {
    return refuseMissingToken(ctx);
  }

  ctx.body = parseBody(await ctx.request.readBody(MAX_BODY_BYTES), headerValue(ctx.headers, 'content-type'));
  if (ctx.body.kind === 'too-large') {
    return sendError(ctx.reply, ctx.op.errorShape, { status: 413, kind: 'invalid', message: 'Request body is larger than the mock accepts (10 MB)' });
  }

  const preferViolation = readPreferences(ctx);
  const faulted = await applyFaults(ctx, deps.faults);
  if (faulted) return;

  const valid = validate(ctx, deps.validators, preferViolation);
  if (!valid) return;

  // The sandbox answers from its store, unless a Prefer header asks for a documented example.
  const prefersExample = ctx.preferences.code !== undefined || ctx.preferences.exampleKey !== undefined;
  if (deps.sandbox && isSignedIn(ctx) && !prefersExample) {
    const answered = await answerFromStore(ctx, deps.sandbox);
    if (answered) return;
  }
  return sendStatelessAnswer(ctx, deps);
}

/** The sandbox's auth stage: sets the caller, or answers 401 and returns false. */
async function signInToSandbox(ctx: RequestContext, sandbox: SandboxSeam): Promise<boolean> {
  const auth = await sandbox.authenticate(ctx);
  if (!auth.ok) {
    ctx.request.discardBody();
    sendError(ctx.reply, ctx.op.errorShape, auth.error, { 'www-authenticate': 'Bearer' });
    return false;
  }
  ctx.caller = auth.caller;
  return true;
}

function isSignedIn(ctx: RequestContext): ctx is SandboxContext {
  return ctx.caller !== undefined;
}

function refuseMissingToken(ctx: RequestContext): void {
  ctx.request.discardBody();
  sendError(
    ctx.reply,
    ctx.op.errorShape,
    { status: 401, kind: 'unauthorized', message: 'Missing or empty bearer token: send Authorization: Bearer <token> (the mock accepts any non-empty token)' },
    { 'www-authenticate': 'Bearer' },
  );
}

/** Reads `Prefer` before the fault stage needs it; a wrong one is returned for validation to report with the rest. */
function readPreferences(ctx: RequestContext): Violation | undefined {
  const prefer = parsePrefer(ctx.headers.prefer);
  if (isPreferViolation(prefer)) return prefer;
  ctx.preferences = prefer;
  return undefined;
}

/** The validation stage: the request against its operation, and its Prefer header. Answers the invalid-input error and returns false when either is wrong. */
function validate(ctx: RequestContext, validators: SchemaValidators, preferViolation: Violation | undefined): boolean {
  const violations = validateRequest(validators, ctx.op, ctx);
  if (preferViolation !== undefined) violations.unshift(preferViolation);
  if (violations.length > 0) {
    ctx.violations = violations;
    sendError(ctx.reply, ctx.op.errorShape, invalidRequestError(ctx.op, violations));
    return false;
  }
  return true;
}

/** The sandbox's answer stage: true when its store answered (data or an error), false when it leaves the request to the stateless answers. */
async function answerFromStore(ctx: SandboxContext, sandbox: SandboxSeam): Promise<boolean> {
  const answer = await sandbox.answer(ctx);
  if (answer === undefined) return false;
  if ('error' in answer) sendError(ctx.reply, ctx.op.errorShape, answer.error, answer.headers);
  else sendJson(ctx.reply, answer.status, answer.body, answer.headers);
  return true;
}
