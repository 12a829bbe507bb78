// The request pipeline: route -> auth -> body -> validation -> Prism mock -> response validation.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasBearerToken } from './auth.js';
import { parseBody, readBody } from './body.js';
import type { BodyValidator } from './body-validator.js';
import { summarize } from './error-shapes.js';
import type { MockOperation } from './operations.js';
import { parsePrefer } from './prefer.js';
import type { PrismEngine, PrismRequest } from './prism-engine.js';
import { sendError, sendJson, shapeForUnknownPath } from './respond.js';
import type { RouteResult } from './router.js';
import type { SandboxSeam } from './sandbox/seam.js';
import type { Caller } from './sandbox/tokens.js';
import type { Violation } from './types.js';

export interface HandlerDeps {
  route: (method: string, pathname: string) => RouteResult;
  bodies: BodyValidator;
  prism: PrismEngine;
  /** Called with one line when the mock itself is wrong (a response that violates its schema, a crash). */
  warn: (line: string) => void;
  /** The sandbox (`--sandbox`): checks its own tokens and answers valid requests from its store. */
  sandbox?: SandboxSeam;
}

const PLACE_ORDER = ['path', 'query', 'header', 'body'];

export function createHandler(deps: HandlerDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
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
      await handleOperation(op, req, res, url, method, deps);
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

  const violations: Violation[] = [];
  const preferences = parsePrefer(req.headers.prefer);
  if ('rule' in preferences) violations.push(preferences);

  const request: PrismRequest = {
    method,
    path: url.pathname,
    query: queryOf(url.searchParams),
    headers: req.headers,
    body: body.kind === 'json' ? body.value : body.kind === 'not-json' ? body.text : undefined,
  };
  violations.push(...deps.prism.validateParameters(op, request));

  if (op.bodySchemaPointer) {
    if (body.kind === 'malformed') {
      violations.push({ location: ['body'], rule: 'json', message: 'body is not valid JSON' });
    } else if (body.kind === 'not-json') {
      violations.push({
        location: ['header', 'content-type'],
        rule: 'media_type',
        message: `header.content-type must be application/json (got ${body.mediaType})`,
      });
    } else if (body.kind === 'none') {
      if (op.bodyRequired) violations.push({ location: ['body'], rule: 'required', message: 'body is required' });
    } else {
      violations.push(...deps.bodies.validate(op, body.value));
    }
  }

  if (violations.length > 0) {
    const sorted = [...violations].sort((a, b) => PLACE_ORDER.indexOf(a.location[0]!) - PLACE_ORDER.indexOf(b.location[0]!));
    return sendError(res, op.errorShape, { status: op.invalidInputStatus, kind: 'invalid', message: summarize(sorted), violations: sorted });
  }

  // The sandbox answers from its store, unless a Prefer header asks for a documented example.
  const prefersExample = !('rule' in preferences) && (preferences.code !== undefined || preferences.exampleKey !== undefined);
  if (deps.sandbox && caller && !prefersExample) {
    const answer = await deps.sandbox.answer(op, request, caller);
    if (answer && 'error' in answer) return sendError(res, op.errorShape, answer.error, answer.headers);
    if (answer) return sendJson(res, answer.status, answer.body, answer.headers);
  }

  const outcome = await deps.prism.mock(op, request, 'rule' in preferences ? {} : preferences);
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

function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}
