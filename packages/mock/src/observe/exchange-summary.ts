// What the metrics, the JSON log and the tracer say about one finished exchange, read off the pipeline's references
// (pipeline/seams.ts FinishedExchange). Only bounded, secret-free values: the route is the spec's path template,
// never the raw path; no header, query string or body is ever read here except `traceparent`.
import { HTTP_METHODS } from '@vendor/spec-model';
import type { RefusalReason } from '../core/refusal.js';
import { traceIdOf } from '../core/trace-context.js';
import type { FinishedExchange } from '../pipeline/seams.js';

export interface ExchangeSummary {
  /** a standard method, or _OTHER (OpenTelemetry's rule: a caller cannot make new series by inventing methods) */
  method: string;
  /** the spec's path template; undefined when no operation matched */
  route: string | undefined;
  operationId: string | undefined;
  /** 0 when the connection was dropped (Prefer: fault=reset) */
  status: number;
  durationMs: number;
  /** when the exchange ended, in milliseconds since the epoch (what a log line's time says, whenever it is written) */
  endedAt: number;
  tenant: string | undefined;
  requestId: string | undefined;
  traceId: string | undefined;
  refusal: RefusalReason | undefined;
}

/** OpenAPI's methods, as the request line spells them (CONNECT, never an operation's, counts as _OTHER). */
const KNOWN_METHODS = new Set<string>(HTTP_METHODS.map((method) => method.toUpperCase()));

export function summarize(exchange: FinishedExchange): ExchangeSummary {
  const { request, ctx, op } = exchange;
  return {
    method: methodLabel(request.method),
    route: op?.path,
    operationId: op?.operationId,
    status: exchange.reply.status,
    durationMs: exchange.endedAt - exchange.startedAt,
    endedAt: performance.timeOrigin + exchange.endedAt,
    tenant: ctx?.caller?.tenant,
    requestId: exchange.requestId,
    traceId: traceIdOf(request.headers),
    refusal: ctx?.refusal,
  };
}

export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}
