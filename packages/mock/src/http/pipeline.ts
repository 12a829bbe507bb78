// The request pipeline: CORS preflight -> route -> auth -> body -> validation -> answer. Routing builds the
// request's one RequestContext; every later stage reads it and adds what it learns. The sandbox (--sandbox)
// plugs into two stages through its seam (sandbox/seam.ts): auth, and the answer to a valid request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChooseAnswer } from '../answers/answer-table.js';
import { isPreferViolation, parsePrefer } from '../answers/prefer-header.js';
import type { PrismEngine } from '../answers/prism-engine.js';
import { sendStatelessAnswer } from '../answers/send-answer.js';
import type { SandboxContext, SandboxSeam } from '../sandbox/seam.js';
import type { ErrorShape } from '../types.js';
import { invalidRequestError, validateRequest } from '../validation/request-validation.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { hasBearerToken } from './bearer-token.js';
import { applyCors, type CorsPolicy } from './cors.js';
import { parseBody, readBody } from './request-body.js';
import { createRequestContext, type RequestContext } from './request-context.js';
import { sendError, sendJson } from './response-writer.js';
import { methodsAt, type Router } from './router.js';

export interface PipelineDeps {
  route: Router;
  validators: SchemaValidators;
  answers: ChooseAnswer;
  /** Prism, loaded on first call */
  prism: () => Promise<PrismEngine>;
  cors: CorsPolicy;
  /** every method some operation uses, for preflights on paths the mock does not know */
  allMethods: readonly string[];
  /** Called with one line when the mock itself is wrong (a response that violates its schema, a crash). */
  warn: (line: string) => void;
  /** The sandbox (`--sandbox`): checks its own tokens and answers valid requests from its store. */
  sandbox?: SandboxSeam;
}

/** The error shape of a 404 from a spec without a single operation, which has no shape to borrow. */
const SHAPE_WITHOUT_OPERATIONS: ErrorShape = 'control-plane';

export function createPipeline(deps: PipelineDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://mock.invalid');

    const answeredPreflight = applyCors(deps.cors, req, res, (pathname) => methodsAt(deps.route, pathname) ?? deps.allMethods);
    if (answeredPreflight) return;

    const route = deps.route(method, url.pathname);
    if (route.kind === 'no-path') {
      req.resume();
      return sendError(res, route.nearest?.errorShape ?? SHAPE_WITHOUT_OPERATIONS, {
        status: 404,
        kind: 'not-found',
        message: `No operation matches ${method} ${url.pathname}`,
      });
    }
    if (route.kind === 'no-method') {
      req.resume();
      return sendError(
        res,
        route.operations[0]!.errorShape,
        { status: 405, kind: 'method-not-allowed', message: `${method} is not allowed on ${url.pathname}; allowed: ${route.allowed.join(', ')}` },
        { allow: route.allowed.join(', ') },
      );
    }

    const ctx = createRequestContext(req, res, method, url, route.operation, route.params);
    try {
      await handleOperation(ctx, deps);
    } catch (error) {
      const { op } = ctx;
      deps.warn(`mock error in ${op.operationId}: ${(error as Error).message}`);
      if (!res.headersSent) {
        sendError(res, op.errorShape, { status: 500, kind: 'mock-error', message: `The mock failed while handling ${op.operationId}; see its log` });
      } else res.end();
    }
  };
}

async function handleOperation(ctx: RequestContext, deps: PipelineDeps): Promise<void> {
  if (deps.sandbox) {
    const signedIn = await signInToSandbox(ctx, deps.sandbox);
    if (!signedIn) return;
  } else if (!hasBearerToken(ctx.headers)) {
    return refuseMissingToken(ctx);
  }

  ctx.body = parseBody(await readBody(ctx.req), ctx.headers['content-type']);
  if (ctx.body.kind === 'too-large') {
    return sendError(ctx.res, ctx.op.errorShape, { status: 413, kind: 'invalid', message: 'Request body is larger than the mock accepts (10 MB)' });
  }

  const valid = validate(ctx, deps.validators);
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
    ctx.req.resume();
    sendError(ctx.res, ctx.op.errorShape, auth.error, { 'www-authenticate': 'Bearer' });
    return false;
  }
  ctx.caller = auth.caller;
  return true;
}

function isSignedIn(ctx: RequestContext): ctx is SandboxContext {
  return ctx.caller !== undefined;
}

function refuseMissingToken(ctx: RequestContext): void {
  ctx.req.resume();
  sendError(
    ctx.res,
    ctx.op.errorShape,
    { status: 401, kind: 'unauthorized', message: 'Missing or empty bearer token: send Authorization: Bearer <token> (the mock accepts any non-empty token)' },
    { 'www-authenticate': 'Bearer' },
  );
}

/** The validation stage: the request against its operation, and its Prefer header. Answers the invalid-input error and returns false when either is wrong. */
function validate(ctx: RequestContext, validators: SchemaValidators): boolean {
  const prefer = parsePrefer(ctx.headers.prefer);
  const violations = validateRequest(validators, ctx.op, ctx);
  if (isPreferViolation(prefer)) violations.unshift(prefer);
  else ctx.preferences = prefer;
  if (violations.length > 0) {
    sendError(ctx.res, ctx.op.errorShape, invalidRequestError(ctx.op, violations));
    return false;
  }
  return true;
}

/** The sandbox's answer stage: true when its store answered (data or an error), false when it leaves the request to the stateless answers. */
async function answerFromStore(ctx: SandboxContext, sandbox: SandboxSeam): Promise<boolean> {
  const answer = await sandbox.answer(ctx);
  if (answer === undefined) return false;
  if ('error' in answer) sendError(ctx.res, ctx.op.errorShape, answer.error, answer.headers);
  else sendJson(ctx.res, answer.status, answer.body, answer.headers);
  return true;
}
