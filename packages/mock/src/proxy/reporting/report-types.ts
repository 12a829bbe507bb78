// The shape of the validation proxy's report: what GET /_proxy/report answers and --report writes, and what the
// Markdown summary (report-markdown.ts) reads. Types only.
import type { Direction, ProxyAnswerReason } from '../../conformance/checking/checked-exchange.js';
import type { ProvenanceEntry } from '../../conformance/provenance/provenance-check.js';
import type { FindingSample } from './report-sample.js';

/** Findings of one kind: same direction, same place (array positions dropped: `body.data[].id`), same rule. */
export interface FindingSummary {
  direction: Direction;
  path: string;
  rule: string;
  count: number;
  /** the first such finding, redacted */
  sample: FindingSample;
}

/** Answers by status, e.g. { "200": 12, "404": 1 } (keys ascend: they are integer-like). */
export type StatusCounts = Record<string, number>;

/** The proxy's own answers by reason, e.g. { "invalid-response": 2, "unreachable": 1 }. */
export type ProxyAnswerCounts = Partial<Record<ProxyAnswerReason, number>>;

export interface OperationReport {
  operationId: string;
  /** upper case */
  method: string;
  /** the path template */
  path: string;
  calls: number;
  /** the upstream's statuses (the proxy's own where it answered without asking the upstream) */
  statuses: StatusCounts;
  /** how often the client got the proxy's answer instead of the upstream's, by reason */
  proxyAnswers: ProxyAnswerCounts;
  /** by count, most first; then by path */
  findings: FindingSummary[];
}

export interface UnknownOperationReport {
  /** as the request sent it, upper case */
  method: string;
  /** the request path (no query) */
  path: string;
  calls: number;
  statuses: StatusCounts;
  proxyAnswers: ProxyAnswerCounts;
}

export interface ProvenanceReport {
  hasMarkers: boolean;
  /** "no provenance markers in this spec" for a document without them (the published bundle) */
  message?: string;
  /** markers in the document */
  markers: number;
  /** markers whose elements no exchange has exercised yet (the uncheckable ones left out) */
  notExercised: number;
  /** pointers of the markers traffic cannot exercise (on an operation, a response header, an unreached schema) */
  uncheckable: string[];
  confirmed: number;
  contradicted: number;
  entries: ProvenanceEntry[];
}

export interface ProxyReport {
  totals: {
    exchanges: number;
    findings: number;
    /** exchanges no operation of the spec matched */
    unknownExchanges: number;
    /** unknown paths past MAX_UNKNOWN_PATHS, counted here and not listed */
    unknownNotListed: number;
  };
  /** the operations that were called, in spec order */
  operations: OperationReport[];
  /** operationIds of the spec's operations no exchange called, in spec order */
  notCalled: string[];
  /** by calls, most first; then by path and method */
  unknownOperations: UnknownOperationReport[];
  provenance: ProvenanceReport;
}
