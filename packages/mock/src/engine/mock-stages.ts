// The steps of the pipeline (pipeline/seams.ts) for the mock and the sandbox: any bearer token (or the sandbox's
// own), Prefer's faults and chaos mode, every request rule checked and an invalid request refused in its operation's
// error shape, then the answer: the sandbox's store, else a documented example.
import type { ChooseAnswer } from '../answers/answer-table.js';
import type { BodyGenerator } from '../answers/generated-answer.js';
import type { PrismEngine } from '../answers/prism-engine.js';
import { sendStatelessAnswer } from '../answers/send-answer.js';
import { hasBearerToken } from '../core/bearer-token.js';
import type { CorsPolicy } from '../core/cors.js';
import type { IncomingRequest, Reply } from '../core/exchange.js';
import type { NextRequestId } from '../core/request-id.js';
import type { RequestTarget } from '../core/request-target.js';
import { isPreferViolation, parsePrefer } from '../core/prefer-header.js';
import type { RequestContext } from '../core/request-context.js';
import { SHAPE_WITHOUT_OPERATION } from '../core/error-shapes.js';
import { sendEncodedJson, sendError, sendJson } from '../core/response-writer.js';
import { applyFaults, type FaultDeps } from '../faults/fault-step.js';
import type { AdmitVerdict, ExchangeObserver, PipelineStages, SandboxContext, SandboxSeam, UnroutedRequest, WatchExchange } from '../pipeline/seams.js';
import type { MockOperation } from '../spec/operation-table.js';
import { invalidRequestError, MAX_DEPTH_RULE, validateRequest } from '../validation/request-validation.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';

export interface MockStageDeps {
  validators: SchemaValidators;
  answers: ChooseAnswer;
  /** generated bodies (Prefer: dynamic=true), reproducible for a seed */
  generate: BodyGenerator;
  /** Prism, loaded on first call, for what neither an example nor the generator can answer (a custom spec's headers, other media types) */
  prism: () => Promise<PrismEngine>;
  cors: CorsPolicy;
  allMethods: readonly string[];
  /** Called with one line when the mock itself is wrong (a response that violates its schema, a crash). */
  warn: (line: string) => void;
  faults: FaultDeps;
  /** the journal, when on */
  watch: WatchExchange | undefined;
  /** metrics, JSON log, tracer; undefined when all are off */
  observer: ExchangeObserver | undefined;
  nextRequestId: NextRequestId;
  /** /_mock/* and /_sandbox/* */
  controlRoute: (request: IncomingRequest, reply: Reply, url: RequestTarget) => boolean;
  /** The sandbox (`--sandbox`): checks its own tokens and answers valid requests from its store. */
  sandbox: SandboxSeam | undefined;
}

export function createMockStages(deps: MockStageDeps): PipelineStages {
  const sandbox = deps.sandbox;
  return {
    controlRoute: deps.controlRoute,
    cors: deps.cors,
    allMethods: deps.allMethods,
    nextRequestId: deps.nextRequestId,
    watch: deps.watch,
    observer: deps.observer,
    unrouted: answerUnrouted,
    authenticate: sandbox === undefined ? requireBearerToken : (ctx) => signInToSandbox(ctx, sandbox),
    admit: sandbox?.admit === undefined ? undefined : admitWith(sandbox.admit),
    refuseTooLarge,
    faults: (ctx) => faultStep(ctx, deps.faults),
    checkRequest: (ctx) => validate(ctx, deps.validators),
    answer: sandbox === undefined ? (ctx) => sendStatelessAnswer(ctx, deps) : (ctx) => answerFromSandbox(ctx, sandbox, deps),
    crash: (error, reply, op) => answerCrash(error, reply, op, deps.warn),
  };
}

function answerUnrouted(request: IncomingRequest, reply: Reply, url: RequestTarget, route: UnroutedRequest): void {
  request.discardBody();
  if (route.kind === 'no-path') {
    return sendError(reply, route.nearest?.errorShape ?? SHAPE_WITHOUT_OPERATION, {
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

function answerCrash(error: Error, reply: Reply, op: MockOperation | undefined, warn: (line: string) => void): void {
  const name = op?.operationId ?? 'a request';
  warn(`mock error in ${name}: ${error.message}`);
  if (reply.done) return;
  sendError(reply, op?.errorShape ?? SHAPE_WITHOUT_OPERATION, { status: 500, kind: 'mock-error', message: `The mock failed while handling ${name}; see its log` });
}

/** The stateless mock's auth step: any non-empty bearer token, never looked at or repeated. */
function requireBearerToken(ctx: RequestContext): boolean {
  if (hasBearerToken(ctx.headers)) return true;
  ctx.refusal = 'unauthenticated';
  ctx.request.discardBody();
  sendError(
    ctx.reply,
    ctx.op.errorShape,
    { status: 401, kind: 'unauthorized', message: 'Missing or empty bearer token: send Authorization: Bearer <token> (the mock accepts any non-empty token)' },
    { 'www-authenticate': 'Bearer' },
  );
  return false;
}

/** The sandbox's auth step: sets the caller, or answers 401 and returns false. */
async function signInToSandbox(ctx: RequestContext, sandbox: SandboxSeam): Promise<boolean> {
  const auth = await sandbox.authenticate(ctx);
  if (!auth.ok) {
    ctx.refusal = 'unauthenticated';
    ctx.request.discardBody();
    sendError(ctx.reply, ctx.op.errorShape, auth.error, { 'www-authenticate': 'Bearer' });
    return false;
  }
  ctx.caller = auth.caller;
  return true;
}

/**
 * A shared sandbox's rate limit, counted for the signed-in tenant before its body is read: every answer carries the
 * RateLimit-* headers; a refused request gets 429 in its operation's error shape (after the pause the limiter asks
 * for), is never answered from the store and changes nothing.
 */
function admitWith(admit: (tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>): (ctx: RequestContext) => boolean | Promise<boolean> {
  return (ctx) => {
    const verdict = admit(ctx.caller!.tenant, ctx.method);
    // A fleet's limiter waits for its shared bucket once per batch; most requests are counted at once.
    if (verdict instanceof Promise) return verdict.then((counted) => answerVerdict(ctx, counted));
    return answerVerdict(ctx, verdict);
  };
}

function answerVerdict(ctx: RequestContext, verdict: AdmitVerdict): boolean | Promise<boolean> {
  for (const name in verdict.headers) ctx.reply.setHeader(name, verdict.headers[name]!);
  if (verdict.admitted) return true;
  ctx.refusal = 'rate_limit';
  ctx.request.discardBody();
  const refuse = () => {
    sendError(ctx.reply, ctx.op.errorShape, verdict.error!);
    return false;
  };
  const holdMs = verdict.holdMs ?? 0;
  if (holdMs <= 0) return refuse();
  return new Promise<boolean>((resolve) => setTimeout(() => resolve(refuse()), holdMs));
}

function refuseTooLarge(ctx: RequestContext): void {
  ctx.refusal = 'body_too_large';
  sendError(ctx.reply, ctx.op.errorShape, { status: 413, kind: 'invalid', message: 'Request body is larger than the mock accepts (10 MB)' });
}

/**
 * Reads `Prefer` (the fault step needs it), then applies its faults. A wrong Prefer is kept as the request's first
 * violation, for validation to report with the rest. A request that asks for no fault costs one header lookup.
 */
function faultStep(ctx: RequestContext, deps: FaultDeps): boolean | Promise<boolean> {
  const prefer = parsePrefer(ctx.headers.prefer);
  if (isPreferViolation(prefer)) ctx.violations = [prefer];
  else ctx.preferences = prefer;
  return applyFaults(ctx, deps);
}

/** The request against its operation, and its Prefer header: answers the invalid-input error and returns false when either is wrong. */
function validate(ctx: RequestContext, validators: SchemaValidators): boolean {
  const found = validateRequest(validators, ctx.op, ctx);
  const hasPreferViolation = ctx.violations.length > 0;
  const violations = hasPreferViolation ? [...ctx.violations, ...found] : found;
  if (violations.length === 0) return true;
  ctx.violations = violations;
  ctx.refusal = violations.some((violation) => violation.rule === MAX_DEPTH_RULE) ? 'max_depth' : 'invalid_request';
  sendError(ctx.reply, ctx.op.errorShape, invalidRequestError(ctx.op, violations));
  return false;
}

/** The sandbox answers from its store, unless a Prefer header asks for a documented example, or the store leaves it. */
async function answerFromSandbox(ctx: RequestContext, sandbox: SandboxSeam, deps: MockStageDeps): Promise<void> {
  const prefersExample = ctx.preferences.code !== undefined || ctx.preferences.exampleKey !== undefined;
  if (isSignedIn(ctx) && !prefersExample) {
    const answer = await sandbox.answer(ctx);
    if (answer !== undefined) {
      if ('error' in answer) {
        if (answer.error.kind === 'quota-exceeded') ctx.refusal = 'quota';
        sendError(ctx.reply, ctx.op.errorShape, answer.error, answer.headers);
      }
      else if (answer.json !== undefined) sendEncodedJson(ctx.reply, answer.status, answer.json, answer.headers);
      else sendJson(ctx.reply, answer.status, answer.body, answer.headers);
      return;
    }
  }
  return sendStatelessAnswer(ctx, deps);
}

function isSignedIn(ctx: RequestContext): ctx is SandboxContext {
  return ctx.caller !== undefined;
}
