// One exchange through the validation proxy: route the request to its operation, read and check it, forward it to
// its address space's upstream (or, in strict mode, refuse it), check the answer, pass it on, then hand the
// CheckedExchange to onExchange. GET /_proxy/report is the proxy's own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished, pipeline } from 'node:stream/promises';
import { headerValue } from '../http/exchange.js';
import { NodeReply, NodeRequest } from '../http/node-exchange.js';
import { MAX_BODY_BYTES, parseBody, type ParsedBody } from '../http/request-body.js';
import { sendError, sendJson } from '../http/response-writer.js';
import type { Router } from '../http/router.js';
import type { MockOperation } from '../spec/operation-table.js';
import type { ErrorShape } from '../types.js';
import type { MockError } from '../validation/error-shapes.js';
import { invalidRequestError } from '../validation/request-validation.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { decodeAnswer, readAnswer, type ReadAnswer } from './answer-body.js';
import { checkRequest, checkResponse, tooLargeFinding, unknownOperationFinding, type SeenAnswer } from './check-exchange.js';
import type { CheckedExchange, Finding, ProxyAnswerReason, SeenBody } from './checked-exchange.js';
import { forwardRequest, type ForwardResult, type UpstreamAgents } from './forward-request.js';
import { flatHeaders, type PassedHeaders } from './hop-by-hop.js';
import { brokenAnswerError, errorShapeOf, invalidResponseError, proxyFailureError, requestTooLargeError, unreachableError } from './proxy-errors.js';
import { upstreamFor, type Upstream, type Upstreams } from './upstreams.js';

export const REPORT_ROUTE = '/_proxy/report';
export const FINDINGS_HEADER = 'x-contract-findings';

export interface ProxyHandlerDeps {
  route: Router;
  validators: SchemaValidators;
  upstreams: Upstreams;
  agents: UpstreamAgents;
  /** refuse invalid requests, replace answers with findings by a 502 */
  strict: boolean;
  /** what GET /_proxy/report answers, as JSON */
  report: () => unknown;
  /** called once per exchange, after its answer is sent (or the client went away) */
  onExchange: (exchange: CheckedExchange) => void;
  /** one line when the proxy itself fails (never a request's or an answer's content) */
  warn: (line: string) => void;
}

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

type UpstreamAnswer = Extract<ForwardResult, { kind: 'answer' }>;

/** What one exchange has learnt so far; becomes the CheckedExchange once the answer is out. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  op: MockOperation | undefined;
  /** the router's path parameters, still percent-encoded */
  pathParams: Record<string, string>;
  shape: ErrorShape;
  startedAt: number;
  checked: Omit<CheckedExchange, 'durationMs'>;
}

export function createProxyHandler(deps: ProxyHandlerDeps): ProxyHandler {
  return async function handle(req, res) {
    const startedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const isReportRoute = req.method === 'GET' && url.pathname === REPORT_ROUTE;
    if (isReportRoute) return answerReport(req, res, deps.report);

    const exchange = startExchange(req, res, url, deps, startedAt);
    try {
      await proxyExchange(exchange, deps);
    } catch (error) {
      // A failure of the proxy itself (each step answers the upstream's own failures): end the exchange rather than hang.
      deps.warn(`proxy error on ${exchange.checked.method} ${url.pathname}: ${(error as Error).message}`);
      if (res.headersSent) res.destroy();
      else answerError(exchange, proxyFailureError(), 'proxy-error');
    }
    await answerFinished(res);
    deliver(exchange, deps.onExchange);
  };
}

function answerReport(req: IncomingMessage, res: ServerResponse, report: () => unknown): void {
  req.resume();
  sendJson(new NodeReply(res), 200, report());
}

function startExchange(req: IncomingMessage, res: ServerResponse, url: URL, deps: ProxyHandlerDeps, startedAt: number): Exchange {
  const method = (req.method ?? 'GET').toUpperCase();
  const route = deps.route(method, url.pathname);
  const op = route.kind === 'found' ? route.operation : undefined;
  const pathParams = route.kind === 'found' ? route.params : {};
  const checked: Exchange['checked'] = {
    operation: op,
    method,
    path: url.pathname,
    query: url.searchParams,
    requestHeaders: req.headers,
    requestBody: { kind: 'none' },
    status: 0,
    responseHeaders: {},
    responseBody: { kind: 'none' },
    findings: [],
  };
  return { req, res, url, op, pathParams, shape: errorShapeOf(route), startedAt, checked };
}

async function proxyExchange(exchange: Exchange, deps: ProxyHandlerDeps): Promise<void> {
  const { req, url, op, checked } = exchange;
  const raw = await new NodeRequest(req).readBody(MAX_BODY_BYTES);
  if (raw === 'too-large') {
    checked.findings.push(tooLargeFinding(op, MAX_BODY_BYTES));
    return answerError(exchange, requestTooLargeError(MAX_BODY_BYTES), 'request-too-large');
  }
  const contentType = headerValue(req.headers, 'content-type');
  const body = parseBody(raw, contentType);
  checked.requestBody = seenRequestBody(body, raw.length, contentType);

  if (op === undefined) {
    // Not refused even in strict mode: the spec may simply lag behind the upstream.
    checked.findings.push(unknownOperationFinding(checked.method, url.pathname));
  } else {
    const refused = checkRequestOf(exchange, op, body, deps.validators, deps.strict);
    if (refused) return;
  }

  const upstream = upstreamFor(deps.upstreams, op);
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const result = await forwardRequest(upstream, { method: checked.method, target: req.url ?? '/', headers: req.headers, body: raw, hasBody }, deps.agents);
  if (result.kind === 'unreachable') return answerError(exchange, unreachableError(upstream.host, result.reason), 'unreachable');
  await passAnswer(exchange, result, upstream, deps);
}

/** Checks the request; in strict mode answers an invalid one itself and returns true (it is not forwarded). */
function checkRequestOf(exchange: Exchange, op: MockOperation, body: ParsedBody, validators: SchemaValidators, strict: boolean): boolean {
  const { req, url, checked, pathParams } = exchange;
  const check = checkRequest(validators, op, { method: checked.method, pathParams, query: url.searchParams, headers: req.headers, body });
  checked.findings.push(...check.findings);
  const refuse = strict && check.violations.length > 0;
  if (refuse) answerError(exchange, invalidRequestError(op, check.violations), 'invalid-request');
  return refuse;
}

function seenRequestBody(body: ParsedBody, bytes: number, contentType: string | undefined): SeenBody {
  if (body.kind === 'none') return { kind: 'none' };
  if (body.kind === 'json') return { kind: 'json', value: body.value };
  return { kind: 'other', mediaType: mediaTypeOf(contentType) ?? '', bytes };
}

/** The proxy's own answer, in the operation's error shape; x-contract-findings counts the findings so far. */
function answerError(exchange: Exchange, error: MockError, reason: ProxyAnswerReason): void {
  const { checked } = exchange;
  const headers: Record<string, string> = {};
  if (checked.findings.length > 0) headers[FINDINGS_HEADER] = String(checked.findings.length);
  sendError(new NodeReply(exchange.res), exchange.shape, error, headers);
  // The upstream's status stays when it answered (strict mode replaced its answer); otherwise the proxy's.
  if (checked.status === 0) checked.status = error.status;
  checked.proxyAnswer = { status: error.status, reason };
}

/** The upstream's answer: JSON is read whole and checked before its headers go out; anything else is streamed. */
async function passAnswer(exchange: Exchange, answer: UpstreamAnswer, upstream: Upstream, deps: ProxyHandlerDeps): Promise<void> {
  const { checked } = exchange;
  checked.status = answer.status;
  checked.responseHeaders = flatHeaders(answer.headers);
  const mediaType = mediaTypeOf(headerOf(answer.headers, 'content-type'));
  const hasBody = answerHasBody(checked.method, answer.status);
  if (!hasBody) {
    // Nothing to read, but the (empty) stream must end for its connection to serve the next request.
    answer.body.resume();
    return passWhole(exchange, answer, Buffer.alloc(0), seen(answer.status, mediaType, { kind: 'none' }), deps);
  }
  if (!isJsonMediaType(mediaType)) return streamAnswer(exchange, answer, [], seen(answer.status, mediaType, { kind: 'unread' }), deps);

  let read: ReadAnswer;
  try {
    read = await readAnswer(answer.body);
  } catch {
    return answerError(exchange, brokenAnswerError(upstream.host), 'broken-answer');
  }
  if (read.kind === 'too-large') return streamAnswer(exchange, answer, read.head, seen(answer.status, mediaType, { kind: 'unread' }), deps);
  const body = seenJson(read.bytes, headerOf(answer.headers, 'content-encoding'));
  checked.responseBody = seenBodyOf(body, mediaType, read.bytes.length);
  return passWhole(exchange, answer, read.bytes, seen(answer.status, mediaType, body), deps);
}

function seen(status: number, mediaType: string | undefined, body: SeenAnswer['body']): SeenAnswer {
  return { status, mediaType, body };
}

/** The JSON body's value, after undoing its content-encoding. */
function seenJson(bytes: Buffer, contentEncoding: string | undefined): SeenAnswer['body'] {
  const decoded = decodeAnswer(bytes, contentEncoding);
  if (decoded.kind === 'undecodable') return { kind: 'undecodable', encoding: decoded.encoding };
  // An encoding the proxy cannot undo (zstd, ...): the body passes on unchecked.
  if (decoded.kind === 'unknown-encoding') return { kind: 'unread' };
  try {
    return { kind: 'json', value: JSON.parse(decoded.text) };
  } catch {
    return { kind: 'malformed' };
  }
}

function seenBodyOf(body: SeenAnswer['body'], mediaType: string | undefined, bytes: number): SeenBody {
  if (body.kind === 'json') return { kind: 'json', value: body.value };
  return { kind: 'other', mediaType: mediaType ?? '', bytes };
}

/** A body held whole (JSON, or none): checked, then sent or, in strict mode with findings, replaced by a 502. */
function passWhole(exchange: Exchange, answer: UpstreamAnswer, bytes: Buffer, seenAnswer: SeenAnswer, deps: ProxyHandlerDeps): void {
  const { checked, op } = exchange;
  const responseFindings = op === undefined ? [] : checkResponse(deps.validators, op, seenAnswer);
  checked.findings.push(...responseFindings);
  if (deps.strict && op !== undefined && responseFindings.length > 0) {
    return answerError(exchange, invalidResponseError(op.operationId, answer.status, responseFindings), 'invalid-response');
  }
  const headers = answerHeaders(answer.headers, checked.findings);
  // The body goes out as one piece now: its length replaces any chunking of the upstream's.
  if (answerHasBody(checked.method, answer.status)) headers['content-length'] = String(bytes.length);
  exchange.res.writeHead(answer.status, headers);
  exchange.res.end(bytes);
}

/**
 * A body streamed on as it arrives (not JSON, or JSON past the size the proxy holds): its headers go out before the
 * body is read, so only what the status line and headers show is checked (an undocumented status, a media type the
 * spec does not name) and x-contract-findings counts the request's findings and those, never the body's.
 */
async function streamAnswer(exchange: Exchange, answer: UpstreamAnswer, head: Buffer[], seenAnswer: SeenAnswer, deps: ProxyHandlerDeps): Promise<void> {
  const { checked, op, res } = exchange;
  const responseFindings = op === undefined ? [] : checkResponse(deps.validators, op, seenAnswer);
  checked.findings.push(...responseFindings);
  if (deps.strict && op !== undefined && responseFindings.length > 0) {
    // Destroyed, not drained: a streamed answer may never end (server-sent events).
    answer.body.destroy();
    return answerError(exchange, invalidResponseError(op.operationId, answer.status, responseFindings), 'invalid-response');
  }
  res.writeHead(answer.status, answerHeaders(answer.headers, checked.findings));
  let bytes = 0;
  for (const chunk of head) {
    bytes += chunk.length;
    res.write(chunk);
  }
  // A second listener only counts: the pipe below sees every chunk as well.
  answer.body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(answer.body, res);
  } catch {
    // The upstream broke off or the client went away mid-body: nothing more can be sent; the exchange still counts.
    res.destroy();
  }
  checked.responseBody = { kind: 'other', mediaType: seenAnswer.mediaType ?? '', bytes };
}

/** The upstream's headers (hop-by-hop ones already dropped), with the proxy's count of findings when there are any. */
function answerHeaders(headers: PassedHeaders, findings: readonly Finding[]): PassedHeaders {
  const out: PassedHeaders = { ...headers };
  delete out[FINDINGS_HEADER];
  if (findings.length > 0) out[FINDINGS_HEADER] = String(findings.length);
  return out;
}

/** HEAD, 1xx, 204 and 304 answers have no body, whatever their headers say. */
function answerHasBody(method: string, status: number): boolean {
  if (method === 'HEAD') return false;
  if (status < 200) return false;
  return status !== 204 && status !== 304;
}

function headerOf(headers: PassedHeaders, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** application/json and application/...+json: the answers the proxy reads whole to check. */
function isJsonMediaType(mediaType: string | undefined): boolean {
  if (mediaType === undefined) return false;
  return mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
}

/** Resolves when the answer has gone out, or the client went away. */
async function answerFinished(res: ServerResponse): Promise<void> {
  try {
    await finished(res);
  } catch {
    // The client closed the connection first: the exchange is over all the same.
  }
}

function deliver(exchange: Exchange, onExchange: (exchange: CheckedExchange) => void): void {
  const checked: CheckedExchange = { ...exchange.checked, durationMs: performance.now() - exchange.startedAt };
  onExchange(checked);
}
