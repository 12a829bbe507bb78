// The request pipeline: CORS preflight -> route -> auth -> body -> validation -> answer.
// A valid request is answered from the answer table (answers.ts): documented examples, validated once.
// Prism is loaded only for the answers it alone can give.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { staticAnswerFor, type ChooseAnswer } from './answers.js';
import { hasBearerToken } from './auth.js';
import { parseBody, readBody } from './body.js';
import { applyCors, type CorsPolicy } from './cors.js';
import type { MockOperation } from './operations.js';
import { isPreferViolation, parsePrefer, type Preferences } from './prefer.js';
import type { PrismEngine, PrismRequest } from './prism-engine.js';
import { invalidRequestError, validateRequest, type MockRequest } from './request-validation.js';
import { sendError, sendJson, shapeForUnknownPath } from './respond.js';
import { methodsAt, type Router } from './router.js';
import type { SchemaValidators } from './schema-validators.js';
import type { SandboxSeam } from './sandbox/seam.js';
import type { Caller } from './sandbox/tokens.js';

export interface HandlerDeps {
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

export function createHandler(deps: HandlerDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://mock.invalid');

    const answeredPreflight = applyCors(deps.cors, req, res, (pathname) => methodsAt(deps.route, pathname) ?? deps.allMethods);
    if (answeredPreflight) return;

    const route = deps.route(method, url.pathname);
    if (route.kind === 'no-path') {
      req.resume();
      return sendError(res, shapeForUnknownPath(url.pathname), {
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

    const op = route.operation;
    try {
      await handleOperation(op, route.params, req, res, url, method, deps);
    } catch (error) {
      deps.warn(`mock error in ${op.operationId}: ${(error as Error).message}`);
      if (!res.headersSent) {
        sendError(res, op.errorShape, { status: 500, kind: 'mock-error', message: `The mock failed while handling ${op.operationId}; see its log` });
      } else res.end();
    }
  };
}

async function handleOperation(
  op: MockOperation,
  pathParams: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  deps: HandlerDeps,
): Promise<void> {
  let caller: Caller | undefined;
  if (deps.sandbox) {
    const auth = await deps.sandbox.authenticate(op, req.headers);
    if (!auth.ok) {
      req.resume();
      return sendError(res, op.errorShape, auth.error, { 'www-authenticate': 'Bearer' });
    }
    caller = auth.caller;
  } else if (!hasBearerToken(req.headers)) {
    req.resume();
    return sendError(
      res,
      op.errorShape,
      { status: 401, kind: 'unauthorized', message: 'Missing or empty bearer token: send Authorization: Bearer <token> (the mock accepts any non-empty token)' },
      { 'www-authenticate': 'Bearer' },
    );
  }

  const body = parseBody(await readBody(req), req.headers['content-type']);
  if (body.kind === 'too-large') {
    return sendError(res, op.errorShape, { status: 413, kind: 'invalid', message: 'Request body is larger than the mock accepts (10 MB)' });
  }

  const request: MockRequest = { method, pathParams, query: url.searchParams, headers: req.headers, body };
  const prefer = parsePrefer(req.headers.prefer);
  const violations = validateRequest(deps.validators, op, request);
  if (isPreferViolation(prefer)) violations.unshift(prefer);
  if (violations.length > 0) return sendError(res, op.errorShape, invalidRequestError(op, violations));

  const preferences: Preferences = isPreferViolation(prefer) ? {} : prefer;

  // The sandbox answers from its store, unless a Prefer header asks for a documented example.
  const prefersExample = preferences.code !== undefined || preferences.exampleKey !== undefined;
  if (deps.sandbox && caller && !prefersExample) {
    const answer = await deps.sandbox.answer(op, prismRequestOf(request, url), caller);
    if (answer && 'error' in answer) return sendError(res, op.errorShape, answer.error, answer.headers);
    if (answer) return sendJson(res, answer.status, answer.body, answer.headers);
  }

  const accept = req.headers.accept?.trim() || undefined;
  const choice = deps.answers(op, preferences, accept);
  switch (choice.kind) {
    case 'static': {
      const answer = staticAnswerFor(choice.answer, pathParams);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    case 'unhonourable':
      return sendError(res, op.errorShape, invalidRequestError(op, [choice.violation]));
    case 'broken':
      deps.warn(choice.warning);
      return sendError(res, op.errorShape, choice.error);
    case 'prism':
      return answerWithPrism(op, request, url, preferences, res, deps);
  }
}

async function answerWithPrism(op: MockOperation, request: MockRequest, url: URL, preferences: Preferences, res: ServerResponse, deps: HandlerDeps) {
  const prism = await deps.prism();
  const outcome = await prism.mock(op, prismRequestOf(request, url), preferences);
  if (!outcome.ok) {
    return sendError(res, op.errorShape, { status: outcome.status, kind: 'mock-error', message: outcome.message });
  }
  if (outcome.responseViolations.length > 0) {
    const details = outcome.responseViolations.map((v) => `response.${v.message}`).join('; ');
    deps.warn(`response validation failed: ${op.operationId} ${outcome.status} does not match its schema: ${details}`);
    return sendError(res, op.errorShape, {
      status: 500,
      kind: 'response-invalid',
      message: `The mocked ${outcome.status} response of ${op.operationId} does not match its own schema (fix the spec's example): ${details}`,
    });
  }
  return sendJson(res, outcome.status, outcome.body, outcome.headers);
}

/** The request as Prism and the sandbox read it: the body as parsed JSON or raw text, the query as a record. */
function prismRequestOf(request: MockRequest, url: URL): PrismRequest {
  const body = request.body.kind === 'json' ? request.body.value : request.body.kind === 'not-json' ? request.body.text : undefined;
  return { method: request.method, path: url.pathname, query: queryOf(url.searchParams), headers: request.headers, body };
}

function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}
