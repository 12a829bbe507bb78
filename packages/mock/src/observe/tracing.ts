// Traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT): each request of the API is a server span, child of the
// incoming W3C traceparent when there is one, and each Postgres query of it a client span beneath. The OpenTelemetry
// SDK is imported here only, and only when tracing is asked for, so a plain start loads none of it.
import type { IncomingRequest } from '../core/exchange.js';
import type { StoreObserver } from '../sandbox/store/store-observer.js';
import { importOptional } from '../sandbox/store/optional-import.js';
import type { SummaryObserver } from './exchange-observers.js';

export interface TracingOptions {
  /** the collector's base URL (spans go to its /v1/traces); default: the exporter reads OTEL_EXPORTER_OTLP_* itself */
  endpoint?: string;
  /** the resource's service.name; default OTEL_SERVICE_NAME, else @vendor/api-mock */
  serviceName?: string;
}

export interface Tracing {
  observer: SummaryObserver;
  storeObserver: StoreObserver;
  /** exports what is left and stops */
  close(): Promise<void>;
}

const PURPOSE = 'Traces (OTEL_EXPORTER_OTLP_ENDPOINT)';

export async function createTracing(options: TracingOptions = {}): Promise<Tracing> {
  const api = await importOptional('@opentelemetry/api', () => import('@opentelemetry/api'), PURPOSE);
  const { NodeTracerProvider } = await importOptional('@opentelemetry/sdk-trace-node', () => import('@opentelemetry/sdk-trace-node'), PURPOSE);
  const { BatchSpanProcessor } = await importOptional('@opentelemetry/sdk-trace-base', () => import('@opentelemetry/sdk-trace-base'), PURPOSE);
  const { OTLPTraceExporter } = await importOptional('@opentelemetry/exporter-trace-otlp-http', () => import('@opentelemetry/exporter-trace-otlp-http'), PURPOSE);
  const { resourceFromAttributes } = await importOptional('@opentelemetry/resources', () => import('@opentelemetry/resources'), PURPOSE);

  const exporter = new OTLPTraceExporter(options.endpoint === undefined ? {} : { url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const serviceName = options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? '@vendor/api-mock';
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  // Registers the AsyncLocalStorage context (a request's queries find its span) and the W3C propagator.
  provider.register();
  const tracer = provider.getTracer('@vendor/api-mock');
  const spans = new WeakMap<IncomingRequest, import('@opentelemetry/api').Span>();

  const observer: SummaryObserver = {
    within(request, handling) {
      const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
      const path = request.target.split('?')[0] ?? '/';
      const span = tracer.startSpan(
        request.method,
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': path } },
        parent,
      );
      spans.set(request, span);
      return api.context.with(api.trace.setSpan(parent, span), handling);
    },
    readsExchange: true,
    record(summary, exchange) {
      if (exchange === undefined) return;
      const span = spans.get(exchange.request);
      if (span === undefined) return;
      spans.delete(exchange.request);
      if (summary.route !== undefined) {
        span.updateName(`${summary.method} ${summary.route}`);
        span.setAttribute('http.route', summary.route);
      }
      if (summary.operationId !== undefined) span.setAttribute('vendor.operation_id', summary.operationId);
      if (summary.tenant !== undefined) span.setAttribute('vendor.tenant', summary.tenant);
      if (summary.refusal !== undefined) span.setAttribute('vendor.refusal', summary.refusal);
      if (summary.requestId !== undefined) span.setAttribute('vendor.request_id', summary.requestId);
      span.setAttribute('http.response.status_code', summary.status);
      const failed = summary.status === 0 || summary.status >= 500;
      if (failed) span.setStatus({ code: api.SpanStatusCode.ERROR });
      // The span ends when the exchange did, not when the observers were told of it (up to 100 ms later).
      span.end(performance.timeOrigin + exchange.endedAt);
    },
  };

  const storeObserver: StoreObserver = {
    traceQuery(sql, run) {
      // Only a request's queries: the sweeper's and the schema's would be traces of their own, of no one's call.
      if (api.trace.getActiveSpan() === undefined) return run();
      const operation = sql.trimStart().split(/\s/, 1)[0]!.toUpperCase();
      const attributes = { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': sql };
      return tracer.startActiveSpan(operation, { kind: api.SpanKind.CLIENT, attributes }, async (span) => {
        try {
          return await run();
        } catch (error) {
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error)?.message });
          throw error;
        } finally {
          span.end();
        }
      });
    },
  };

  return { observer, storeObserver, close: () => provider.shutdown() };
}
