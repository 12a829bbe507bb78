// The validation proxy as a mode of the pipeline (pipeline/seams.ts): no auth of its own (the upstream decides),
// no faults; the request is checked and, in strict mode, an invalid one refused; the answer is the upstream's,
// forwarded, checked on its way back (JSON read whole before its headers go out, anything else streamed), and
// replaced by a 502 in strict mode when it breaks the contract. Each exchange becomes a CheckedExchange
// (proxy-exchange.ts) handed to onExchange once its answer is out. GET /_proxy/report is the proxy's own route.
import { createCorsPolicy } from '../core/cors.js';
import { declaresBody, headerValue, type IncomingRequest, type Reply } from '../core/exchange.js';
import type { RequestTarget } from '../core/request-target.js';
import { isJsonMediaType, mediaTypeOf } from '../core/media-type.js';
import { MAX_BODY_BYTES, parseBody, type ParsedBody } from '../core/request-body.js';
import type { RequestContext } from '../core/request-context.js';
import { sendJson } from '../core/response-writer.js';
import type { ExchangeObserver, PipelineStages, UnroutedRequest } from '../pipeline/seams.js';
import { answerHealthRoute, type Health } from '../observe/health.js';
import type { MockOperation } from '../spec/operation-table.js';
import { invalidRequestError } from '../validation/request-validation.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { decodeAnswer, readAnswer, type ReadAnswer } from './forwarding/answer-body.js';
import { checkRequest, checkResponse, tooLargeFinding, unknownOperationFinding, type SeenAnswer } from '../conformance/checking/check-exchange.js';
import type { CheckedExchange, SeenBody } from '../conformance/checking/checked-exchange.js';
import { forwardRequest, type ForwardResult, type UpstreamAgents } from './forwarding/forward-request.js';
import { flatHeaders } from './forwarding/hop-by-hop.js';
import { ProxyExchange } from './proxy-exchange.js';
import { brokenAnswerError, errorShapeOf, invalidResponseError, proxyFailureError, requestTooLargeError, unreachableError } from './proxy-errors.js';
import { upstreamFor, type Upstream, type Upstreams } from './forwarding/upstreams.js';

export const REPORT_ROUTE = '/_proxy/report';

export interface ProxyStageDeps {
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
  /** metrics, JSON log, tracer (observe/); undefined when all are off */
  observer?: ExchangeObserver | undefined;
  /** /livez and /readyz */
  health?: Health | undefined;
}

type UpstreamAnswer = Extract<ForwardResult, { kind: 'answer' }>;

/** The proxy passes CORS on to the upstream: it never answers a preflight nor adds CORS headers itself. */
const NO_CORS = createCorsPolicy(false, { requestHeaders: [], responseHeaders: [] });

export function createProxyStages(deps: ProxyStageDeps): PipelineStages {
  // Every step of one exchange finds its record by the exchange's reply, which the watch made it for.
  const exchanges = new WeakMap<Reply, ProxyExchange>();
  const exchangeOf = (reply: Reply) => exchanges.get(reply)!;

  return {
    controlRoute: (request, reply, url) => answerHealth(request, reply, url, deps) || answerReport(request, reply, url, deps.report),
    cors: NO_CORS,
    allMethods: [],
    // The upstream's answer goes back as it came, with its own request id.
    nextRequestId: undefined,
    observer: deps.observer,
    watch(request, reply, url, startedAt) {
      const exchange = new ProxyExchange(request, reply, url, startedAt, deps.onExchange);
      exchanges.set(reply, exchange);
      return exchange;
    },
    unrouted: (request, reply, url, route) => forwardUnrouted(exchangeOf(reply), request, url, route, deps),
    // The upstream checks the token: a request without one is the upstream's to refuse.
    authenticate: () => true,
    refuseTooLarge: (ctx) => {
      ctx.refusal = 'body_too_large';
      refuseTooLarge(exchangeOf(ctx.reply), ctx.op);
    },
    faults: undefined,
    checkRequest: (ctx) => checkRequestOf(exchangeOf(ctx.reply), ctx, deps),
    answer: (ctx) => forward(exchangeOf(ctx.reply), ctx.op, { target: ctx.request.target, headers: ctx.headers, body: ctx.rawBody }, deps),
    crash(error, reply, _op, url) {
      // A failure of the proxy itself (each step answers the upstream's own failures): end the exchange rather than hang.
      const exchange = exchangeOf(reply);
      deps.warn(`proxy error on ${exchange.checked.method} ${url.pathname}: ${error.message}`);
      if (reply.done) reply.reset();
      else exchange.answerError(proxyFailureError(), 'proxy-error');
    },
  };
}

function answerHealth(request: IncomingRequest, reply: Reply, url: RequestTarget, deps: ProxyStageDeps): boolean {
  if (deps.health === undefined) return false;
  return answerHealthRoute(request, reply, url.pathname, deps.health, deps.warn);
}

function answerReport(request: IncomingRequest, reply: Reply, url: RequestTarget, report: () => unknown): boolean {
  const isReportRoute = request.method === 'GET' && url.pathname === REPORT_ROUTE;
  if (!isReportRoute) return false;
  request.discardBody();
  sendJson(reply, 200, report());
  return true;
}

/** A path or method the spec does not have: forwarded all the same (the spec may simply lag behind the upstream), even in strict mode. */
async function forwardUnrouted(exchange: ProxyExchange, request: IncomingRequest, url: RequestTarget, route: UnroutedRequest, deps: ProxyStageDeps): Promise<void> {
  exchange.shape = errorShapeOf(route);
  const raw = await request.readBody(MAX_BODY_BYTES);
  if (raw === 'too-large') return refuseTooLarge(exchange, undefined);
  noteRequestBody(exchange, parseBody(raw, headerValue(request.headers, 'content-type')), raw.length);
  exchange.checked.findings.push(unknownOperationFinding(exchange.checked.method, url.pathname));
  return forward(exchange, undefined, { target: request.target, headers: request.headers, body: raw }, deps);
}

/** A body larger than the proxy reads can be neither checked nor forwarded. */
function refuseTooLarge(exchange: ProxyExchange, op: MockOperation | undefined): void {
  exchange.checked.findings.push(tooLargeFinding(op, MAX_BODY_BYTES));
  exchange.answerError(requestTooLargeError(MAX_BODY_BYTES), 'request-too-large');
}

/** Checks the request; in strict mode answers an invalid one itself and returns false (it is not forwarded). */
function checkRequestOf(exchange: ProxyExchange, ctx: RequestContext, deps: ProxyStageDeps): boolean {
  noteRequestBody(exchange, ctx.body, ctx.rawBody.length);
  const check = checkRequest(deps.validators, ctx.op, ctx);
  exchange.checked.findings.push(...check.findings);
  const refuse = deps.strict && check.violations.length > 0;
  if (refuse) {
    ctx.refusal = 'invalid_request';
    exchange.answerError(invalidRequestError(ctx.op, check.violations), 'invalid-request');
  }
  return !refuse;
}

function noteRequestBody(exchange: ProxyExchange, body: ParsedBody, bytes: number): void {
  exchange.checked.requestBody = seenRequestBody(body, bytes, headerValue(exchange.checked.requestHeaders, 'content-type'));
}

function seenRequestBody(body: ParsedBody, bytes: number, contentType: string | undefined): SeenBody {
  if (body.kind === 'none') return { kind: 'none' };
  if (body.kind === 'json') return { kind: 'json', value: body.value };
  return { kind: 'other', mediaType: mediaTypeOf(contentType) ?? '', bytes };
}

interface Outgoing {
  target: string;
  headers: IncomingRequest['headers'];
  body: Uint8Array;
}

/** Sends the request to its address space's upstream, then passes the answer on (or says why there is none). */
async function forward(exchange: ProxyExchange, op: MockOperation | undefined, outgoing: Outgoing, deps: ProxyStageDeps): Promise<void> {
  const upstream = upstreamFor(deps.upstreams, op);
  const request = { method: exchange.checked.method, target: outgoing.target, headers: outgoing.headers, body: outgoing.body, hasBody: declaresBody(outgoing.headers) };
  const result = await forwardRequest(upstream, request, deps.agents);
  if (result.kind === 'unreachable') return exchange.answerError(unreachableError(upstream.host, result.reason), 'unreachable');
  await passAnswer(exchange, op, result, upstream, deps);
}

/** The upstream's answer: JSON is read whole and checked before its headers go out; anything else is streamed. */
async function passAnswer(exchange: ProxyExchange, op: MockOperation | undefined, answer: UpstreamAnswer, upstream: Upstream, deps: ProxyStageDeps): Promise<void> {
  const { checked } = exchange;
  checked.status = answer.status;
  checked.responseHeaders = flatHeaders(answer.headers);
  const mediaType = mediaTypeOf(headerValue(answer.headers, 'content-type'));
  const hasBody = answerHasBody(checked.method, answer.status);
  if (!hasBody) {
    // Nothing to read, but the (empty) stream must end for its connection to serve the next request.
    answer.body.resume();
    return passWhole(exchange, op, answer, new Uint8Array(0), seen(answer, mediaType, { kind: 'none' }), deps);
  }
  if (!isJsonMediaType(mediaType)) return streamAnswer(exchange, op, answer, [], seen(answer, mediaType, { kind: 'unread' }), deps);

  let read: ReadAnswer;
  try {
    read = await readAnswer(answer.body);
  } catch {
    return exchange.answerError(brokenAnswerError(upstream.host), 'broken-answer');
  }
  if (read.kind === 'too-large') return streamAnswer(exchange, op, answer, read.head, seen(answer, mediaType, { kind: 'unread' }), deps);
  const body = seenJson(read.bytes, headerValue(answer.headers, 'content-encoding'));
  checked.responseBody = seenBodyOf(body, mediaType, read.bytes.length);
  return passWhole(exchange, op, answer, read.bytes, seen(answer, mediaType, body), deps);
}

function seen(answer: UpstreamAnswer, mediaType: string | undefined, body: SeenAnswer['body']): SeenAnswer {
  return { status: answer.status, headers: answer.headers, mediaType, body };
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

/** The answer's findings: none for a path the spec does not have (that one finding is already the request's). */
function checkAnswer(op: MockOperation | undefined, seenAnswer: SeenAnswer, deps: ProxyStageDeps, exchange: ProxyExchange) {
  const findings = op === undefined ? [] : checkResponse(deps.validators, op, seenAnswer);
  exchange.checked.findings.push(...findings);
  return findings;
}

/** A body held whole (JSON, or none): checked, then sent or, in strict mode with findings, replaced by a 502. */
function passWhole(exchange: ProxyExchange, op: MockOperation | undefined, answer: UpstreamAnswer, bytes: Uint8Array, seenAnswer: SeenAnswer, deps: ProxyStageDeps): void {
  const responseFindings = checkAnswer(op, seenAnswer, deps, exchange);
  if (deps.strict && op !== undefined && responseFindings.length > 0) {
    return exchange.answerError(invalidResponseError(op.operationId, answer.status, responseFindings), 'invalid-response');
  }
  const headers = exchange.answerHeaders(answer.headers);
  // The body goes out as one piece now: its length replaces any chunking of the upstream's.
  if (answerHasBody(exchange.checked.method, answer.status)) headers['content-length'] = String(bytes.length);
  exchange.reply.sendVerbatim(answer.status, headers, bytes);
}

/**
 * A body streamed on as it arrives (not JSON, or JSON past the size the proxy holds): its headers go out before the
 * body is read, so only what the status line and headers show is checked (an undocumented status, a media type the
 * spec does not name) and x-contract-findings counts the request's findings and those, never the body's.
 */
async function streamAnswer(
  exchange: ProxyExchange,
  op: MockOperation | undefined,
  answer: UpstreamAnswer,
  head: Buffer[],
  seenAnswer: SeenAnswer,
  deps: ProxyStageDeps,
): Promise<void> {
  const responseFindings = checkAnswer(op, seenAnswer, deps, exchange);
  if (deps.strict && op !== undefined && responseFindings.length > 0) {
    // Destroyed, not drained: a streamed answer may never end (server-sent events).
    answer.body.destroy();
    return exchange.answerError(invalidResponseError(op.operationId, answer.status, responseFindings), 'invalid-response');
  }
  let bytes = head.reduce((sum, chunk) => sum + chunk.length, 0);
  // A second listener only counts: the stream's reader sees every chunk as well.
  answer.body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await exchange.reply.stream(answer.status, exchange.answerHeaders(answer.headers), head, answer.body);
  exchange.checked.responseBody = { kind: 'other', mediaType: seenAnswer.mediaType ?? '', bytes };
}

/** HEAD, 1xx, 204 and 304 answers have no body, whatever their headers say. */
function answerHasBody(method: string, status: number): boolean {
  if (method === 'HEAD') return false;
  if (status < 200) return false;
  return status !== 204 && status !== 304;
}
