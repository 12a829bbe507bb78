// The vocabulary of `verify`: a request case, what it must get, the findings it showed, and the report. Shared by
// every stage of verify/ (generation, running, checking, shrinking, flows, reporting); imports nothing of them.
import type { ProvenanceEntry } from '../conformance/provenance/provenance-check.js';

/** Where a case came from: a documented example, the request rules (valid or broken), or an authentication probe. */
export type CaseKind = 'example' | 'valid' | 'invalid' | 'auth';

/** The authorization a case sends: the caller's token, none, or a token that is no token at all. */
export type CaseAuth = 'token' | 'none' | 'malformed';

/** One request, as data: reproducible, shrinkable and printable as curl. Values are as they go on the wire. */
export interface RequestCase {
  operationId: string;
  kind: CaseKind;
  auth: CaseAuth;
  /** path parameters by template name (not yet percent-encoded) */
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** the JSON body; absent for none */
  body?: unknown;
  /** an invalid case: the one request rule it breaks (`required`, `type`, ...) and where (`body.manifest.name`) */
  breaks?: { rule: string; at: string };
  /** a flow's step: which flow and step sent it (`create reads back: getMcpServer`) */
  flow?: string;
  /** the values the contract marks unique (`x-unique`) were made unique for this run, at these places */
  madeUnique?: string[];
}

/** The answer to a case, as the checks read it. */
export interface CaseAnswer {
  status: number;
  /** the content-type's media type, lower case, without parameters; undefined without the header */
  mediaType: string | undefined;
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'malformed' } | { kind: 'text'; bytes: number };
  /** set when no answer came: the network error or the timeout, never a header or a body */
  failure?: string;
}

/**
 * What verify checks, named as API testers know them (Schemathesis' names where the meaning is the same, verify's
 * own for reading back and paging). A finding has one check and, beneath it, the exact rule (`required`, ...).
 * Their descriptions and where each applies: checking/check-registry.ts.
 */
export const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'ignored_auth',
  'ensure_resource_availability',
  'read_back_equal',
  'pagination_ends',
  'use_after_free',
] as const;
export type CheckName = (typeof CHECKS)[number];

/** One way one answer broke the contract. Never carries a value of the answer. */
export interface CaseFinding {
  operationId: string;
  check: CheckName;
  /** the exact rule under the check: `undocumented-status`, `required`, `type`, `media_type`, `repeated-item`, ... */
  rule: string;
  /** where: `status`, `body.data.id`, `header.content-type`, `pages` */
  path: string;
  message: string;
  /** the server's own message in its answer (an error's `message`, `error.message` or `detail[].msg`), if any */
  serverMessage?: string;
}

/** A finding of the report: one per operation, check, rule and path, with the smallest case that shows it. */
export interface ReportedFinding extends CaseFinding {
  /** how many cases showed it */
  occurrences: number;
  /** the smallest request found that shows it (shrunk from the first failing case) */
  request: RequestCase;
  /** the status that request got */
  status: number;
  /** `curl ...` with the token as `$VENDOR_API_TOKEN` */
  curl: string;
  /**
   * How many smaller requests shrinking tried, whether the reported one is smaller than the first failing one, and
   * both sizes (characters of parameters and body). Flow steps are reported as sent: they depend on the steps before.
   */
  shrinking: { tries: number; shrunk: boolean; fromSize: number; toSize: number };
}

export interface OperationReport {
  operationId: string;
  cases: number;
  /** cases by kind */
  kinds: Record<CaseKind, number>;
  /** answers by status */
  statuses: Record<string, number>;
  findings: number;
  /** the checks that apply to this operation (and were selected): the JUnit report's test cases */
  checks: CheckName[];
}

export interface SkippedOperation {
  operationId: string;
  reason: string;
}

/** Why a run stopped before its end, in one line: `target unreachable: ...`, `the token was refused on every operation`. */
export interface RunStop {
  reason: 'interrupted' | 'target-unreachable' | 'token-refused';
  message: string;
}

/** What became of a flow: it ran and found nothing, it found something, or it could not run (and why). */
export interface FlowReport {
  name: string;
  operationId: string;
  steps: number;
  findings: number;
  outcome: 'passed' | 'failed' | 'skipped';
  /** why a skipped flow could not run: `nothing to delete: the first deleteMlRepo got 404` */
  reason?: string;
}

/** A marker's verdict; a contradicted one with the first request that contradicted it and the answer it got. */
export interface ProvenanceVerdict extends ProvenanceEntry {
  sample?: { curl: string; status: number; serverMessage?: string };
}

export interface VerifyReport {
  seed: number;
  /** the run nonce that made this run's unique values unique; `--seed S --run R` replays the run exactly */
  run: string;
  /** the checks the run applied (all unless --checks or --exclude-checks chose) */
  checks: CheckName[];
  /** set when the run stopped early or never started: Ctrl+C, a target that does not answer, a refused token */
  stopped?: RunStop;
  /** settings as run: never the token */
  settings: { baseUrl: string; gatewayBaseUrl: string; cases: number; includeDestructive: boolean; stateful: boolean; concurrency: number; rate: number | undefined };
  /** `resent`: requests sent a second time because their connection closed before any answer (safe or idempotent only) */
  totals: { operations: number; cases: number; findings: number; durationMs: number; casesPerSecond: number; resent: number };
  operations: OperationReport[];
  skipped: SkippedOperation[];
  findings: ReportedFinding[];
  /** the flows followed (links, paging, delete), each with its outcome */
  flows: FlowReport[];
  /** which x-provenance markers the answers confirmed or contradicted; absent when the spec carries none */
  provenance?: ProvenanceVerdict[];
}
