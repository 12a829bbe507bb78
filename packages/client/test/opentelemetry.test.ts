// The README's OpenTelemetry recipe (section "Response metadata and hooks"), run: a span per call with operationId,
// attempt and status, ended once, and traceparent sent with every attempt. @opentelemetry/api is a devDependency of
// the client only; a small recording tracer and a W3C propagator stand in for an SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type SpanStatus,
  type TextMapPropagator,
  type Tracer,
} from '@opentelemetry/api';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { createPlatformClient, type HookRequest, type PlatformHooks } from '../src/index.js';

const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // the spec's example team

interface RecordedSpan {
  name: string;
  kind: SpanKind | undefined;
  traceId: string;
  attributes: Attributes;
  events: string[];
  status: SpanStatus | undefined;
  exceptions: unknown[];
  ends: number;
}

const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A tracer that keeps every span it starts, as an SDK's in-memory exporter would. */
function recordingTracer() {
  const spans: RecordedSpan[] = [];
  const startSpan = (name: string, options: { kind?: SpanKind; attributes?: Attributes } = {}): Span => {
    const spanContext = { traceId: hex(16), spanId: hex(8), traceFlags: 1 };
    const recorded: RecordedSpan = { name, kind: options.kind, traceId: spanContext.traceId, attributes: { ...options.attributes }, events: [], status: undefined, exceptions: [], ends: 0 };
    spans.push(recorded);
    const span: Span = {
      spanContext: () => spanContext,
      setAttribute(key, value) {
        recorded.attributes[key] = value;
        return span;
      },
      setAttributes(attributes) {
        Object.assign(recorded.attributes, attributes);
        return span;
      },
      addEvent(eventName) {
        recorded.events.push(eventName);
        return span;
      },
      addLink: () => span,
      addLinks: () => span,
      setStatus(status) {
        recorded.status = status;
        return span;
      },
      updateName: () => span,
      end: () => {
        recorded.ends += 1;
      },
      isRecording: () => true,
      recordException: (exception) => {
        recorded.exceptions.push(exception);
      },
    };
    return span;
  };
  // The recipe only starts spans; startActiveSpan is there for the interface.
  const tracer = { startSpan, startActiveSpan: () => fail('not used') } as unknown as Tracer;
  return { spans, provider: { getTracer: () => tracer } };
}

function fail(message: string): never {
  throw new Error(message);
}

/** W3C trace context, as the SDK's default propagator writes it. */
const w3cPropagator: TextMapPropagator = {
  inject(activeContext, carrier, setter) {
    const spanContext = trace.getSpanContext(activeContext);
    if (spanContext) setter.set(carrier, 'traceparent', `00-${spanContext.traceId}-${spanContext.spanId}-01`);
  },
  extract: (activeContext) => activeContext,
  fields: () => ['traceparent'],
};

/** The README recipe's hooks, verbatim, in a function so that each client gets its own span map. */
function tracingHooks(): PlatformHooks {
  const tracer = trace.getTracer('@vendor/api-client');
  const spans = new WeakMap<HookRequest, Span>();
  function endSpan(request: HookRequest): void {
    spans.get(request)?.end();
    spans.delete(request);
  }
  return {
    onRequest({ operationId, method, url, attempt, request }) {
      let span = spans.get(request);
      if (span === undefined) {
        span = tracer.startSpan(operationId, { kind: SpanKind.CLIENT, attributes: { operationId, 'http.request.method': method, 'url.full': url } });
        spans.set(request, span);
      }
      span.setAttribute('attempt', attempt);
      propagation.inject(trace.setSpan(context.active(), span), request.headers, { set: (headers, name, value) => headers.set(name, value) });
    },
    onResponse({ request, response }) {
      spans.get(request)?.setAttribute('status', response.status);
      if (response.ok) endSpan(request);
    },
    onRetry({ request, attempt, delayMs }) {
      spans.get(request)?.addEvent('retry', { attempt, delayMs });
    },
    onError({ request, error }) {
      const span = spans.get(request);
      const message = error instanceof Error ? error.message : String(error);
      span?.recordException(error instanceof Error ? error : message);
      span?.setStatus({ code: SpanStatusCode.ERROR, message });
      endSpan(request);
    },
  };
}

const recording = recordingTracer();
beforeAll(() => {
  trace.setGlobalTracerProvider(recording.provider);
  propagation.setGlobalPropagator(w3cPropagator);
});
afterAll(() => {
  trace.disable();
  propagation.disable();
});

function tracedClientOnMock() {
  recording.spans.length = 0;
  const mockFetch = createMockFetch();
  const platform = createPlatformClient({
    baseUrl: 'http://mock.local',
    gatewayBaseUrl: 'http://mock.local',
    token: 'test-token',
    fetch: mockFetch,
    hooks: tracingHooks(),
    logLevel: 'off',
  });
  return { platform, mockFetch, spans: recording.spans };
}

describe('the OpenTelemetry recipe', () => {
  it('one span per call across retries, with operationId, attempt and status, and traceparent on each attempt', async () => {
    const { platform, mockFetch, spans } = tracedClientOnMock();
    await platform.getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'fault=503, times=1, key=otel, retry-after=0' } });
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span).toMatchObject({ name: 'getTeam', kind: SpanKind.CLIENT, events: ['retry'], status: undefined, ends: 1 });
    expect(span!.attributes).toMatchObject({ operationId: 'getTeam', attempt: 2, status: 200, 'http.request.method': 'GET' });
    const sent = mockFetch.requests().map((request) => [request.status, request.headers.traceparent?.split('-')[1]]);
    expect(sent).toEqual([
      [503, span!.traceId],
      [200, span!.traceId],
    ]);
  });

  it('a failed call ends its span once, as an error with the redacted message', async () => {
    const { platform, spans } = tracedClientOnMock();
    await platform.getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'code=404' } }).catch(() => {});
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ attributes: { status: 404, attempt: 1 }, status: { code: SpanStatusCode.ERROR }, ends: 1 });
    expect(spans[0]!.exceptions).toHaveLength(1);
    expect(JSON.stringify(spans[0])).not.toContain('test-token');
  });

  it('an iterator makes one span per page request', async () => {
    const { platform, mockFetch, spans } = tracedClientOnMock();
    for await (const turn of platform.iterateAgentSessionTurns({ params: { path: { tenantName: 'acme', sessionId: '01arz3ndektsv4rrffq69g5fav.g' } } })) void turn;
    expect(spans.length).toBe(mockFetch.requests().length);
    expect(spans.every((span) => span.name === 'listAgentSessionTurns' && span.ends === 1)).toBe(true);
  });
});
