// What the validation proxy learns from one exchange it forwarded: the operation (if the spec has one), the
// request and the answer as they passed, and every finding. The report (proxy-report.ts), the provenance check
// and the recorder read only this.
import type { RequestHeaders } from '../../core/exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';

/** Which way the broken rule was: what the client sent, or what the upstream answered. */
export type Direction = 'request' | 'response';

/** One way an exchange broke the contract. Like the mock's violations, it never carries the offending value. */
export interface Finding {
  /** null for a path the spec does not have */
  operationId: string | null;
  direction: Direction;
  /** where, as the mock's violations say it: e.g. body.data[0].id, query.limit, header.x-request-id, status */
  path: string;
  /** the rule: required, type, enum, maxLength, ..., undocumented-status, unknown-operation, json */
  rule: string;
  message: string;
}

/** A body as the proxy saw it: parsed JSON, or only its media type and size when it was not JSON (or not read). */
export type SeenBody = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'other'; mediaType: string; bytes: number };

export interface CheckedExchange {
  /** undefined: no operation of the spec matches (reported as unknown-operation) */
  operation: MockOperation | undefined;
  method: string;
  /** the request path, without the query */
  path: string;
  query: URLSearchParams;
  requestHeaders: RequestHeaders;
  requestBody: SeenBody;
  /**
   * the upstream's status; 502 when the proxy answered for an unreachable upstream. When the upstream was never
   * asked (strict mode refused the request, or its body was too large to check) it is the status the proxy answered.
   */
  status: number;
  /** lower-case names */
  responseHeaders: Record<string, string>;
  responseBody: SeenBody;
  findings: Finding[];
  /** milliseconds from the request's arrival to the answer's end */
  durationMs: number;
  /**
   * Set when the client got the proxy's own answer instead of the upstream's: what it sent and why. Undefined when
   * the upstream's answer went through. Optional so that exchanges built elsewhere (tests, fixtures) need not name it.
   */
  proxyAnswer?: ProxyAnswer;
}

/** Why the proxy answered itself rather than pass the upstream's answer on. */
export type ProxyAnswerReason = 'invalid-request' | 'invalid-response' | 'unreachable' | 'broken-answer' | 'request-too-large' | 'proxy-error';

export interface ProxyAnswer {
  status: number;
  reason: ProxyAnswerReason;
}
