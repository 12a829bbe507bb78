// One checked exchange as the recorder writes it: an OpenAPI Example Object (summary, value) whose `x-request`
// extension tells which request got this answer. Pure: the recorder (exchange-recorder.ts) does the files.
// Secrets follow the journal's rule (redaction.ts), applied to the whole exchange at once, so that a secret seen
// in one place (a password in the request, a bearer token) is masked wherever else it shows (an echo in the answer).
import { joinedHeaders } from '../../core/joined-headers.js';
import { queryRecord } from '../../core/query-record.js';
import type { RequestHeaders } from '../../core/exchange.js';
import { MASK, redactBody, redactHeaders } from '../../journal/redaction.js';
import type { CheckedExchange, SeenBody } from '../../conformance/checking/checked-exchange.js';

/** The request beside a recorded answer. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** lower-case names, redacted; never `authorization`, nor headers that only describe the connection */
  headers: Record<string, string>;
  /** the redacted JSON body; null for none; a description like `[12 bytes of text/plain, not recorded]` for any other */
  body: unknown;
}

/** What one file holds: an Example Object, as it goes under a response's `examples:`. */
export interface RecordedExample {
  summary: string;
  /** the redacted response body */
  value: unknown;
  'x-request': RecordedRequest;
  /** the proxy's findings (never values): an example that broke the contract fails `redocly lint` once pasted */
  'x-findings'?: string[];
}

export type ExampleOrSkip = { kind: 'example'; example: RecordedExample } | { kind: 'skipped'; reason: string };

/**
 * Headers left out: `authorization` (a credential, dropped whole rather than masked) and those that describe the
 * hop to the proxy, not the request (the proxy's own host, connection handling, credentials for the proxy).
 */
const LEFT_OUT_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

/** The example to write for an exchange, or why there is none: only the service's JSON answers make examples. */
export function exampleOf(exchange: CheckedExchange): ExampleOrSkip {
  const ownAnswer = proxysOwnAnswer(exchange);
  if (ownAnswer !== undefined) return { kind: 'skipped', reason: `the proxy answered, not the service (${ownAnswer})` };
  const responseBody = exchange.responseBody;
  if (responseBody.kind === 'none') return { kind: 'skipped', reason: 'no response body' };
  if (responseBody.kind === 'other') return { kind: 'skipped', reason: `response body is ${responseBody.mediaType}, not JSON` };
  return { kind: 'example', example: redactedExample(exchange, responseBody.value) };
}

/**
 * Why the exchange holds the proxy's answer rather than the service's, if it does. Strict mode's replacement of
 * an invalid answer still leaves the service's status and body in the exchange: that answer is recorded.
 */
function proxysOwnAnswer(exchange: CheckedExchange): string | undefined {
  const proxyAnswer = exchange.proxyAnswer;
  if (proxyAnswer === undefined) return undefined;
  if (proxyAnswer.reason === 'invalid-response') return undefined;
  return proxyAnswer.reason;
}

function redactedExample(exchange: CheckedExchange, responseValue: unknown): RecordedExample {
  const headers = joinedHeaders(exchange.requestHeaders);
  // An array, not an object: redactBody masks known secrets in keys too, and a secret could equal a key we chose.
  // The last item only carries the credentials, under a key the secret rule matches, so that they are collected.
  const parts: unknown[] = [exchange.path, queryRecord(exchange.query), keptHeaders(headers), requestBodyOf(exchange.requestBody), responseValue, { credentials: credentialsIn(headers) }];
  const [path, query, keptRedacted, body, value] = redactBody(parts) as [string, Record<string, string | string[]>, Record<string, string>, unknown, unknown];
  const example: RecordedExample = {
    summary: `${exchange.method} ${path}, answered ${exchange.status} (recorded)`,
    value,
    'x-request': { method: exchange.method, path, query, headers: keptRedacted, body },
  };
  if (exchange.findings.length > 0) example['x-findings'] = exchange.findings.map((finding) => `${finding.direction} ${finding.path}: ${finding.rule}`);
  return example;
}

/**
 * What tells two examples apart: the redacted request body, query and answer, with object keys sorted so that
 * the same body in another key order is the same example. Read from the written example, so files of an earlier
 * run give the same fingerprints.
 */
export function fingerprintOf(example: Pick<RecordedExample, 'value' | 'x-request'>): string {
  const request = example['x-request'];
  return canonicalJson([request.query, request.body, example.value]);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, child: unknown) => sortedKeys(child));
}

function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value;
  const entries = Object.entries(value).sort(([a], [b]) => compareText(a, b));
  return Object.fromEntries(entries);
}

function compareText(a: string, b: string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

function requestBodyOf(body: SeenBody): unknown {
  if (body.kind === 'none') return null;
  if (body.kind === 'json') return body.value;
  // Never the text of another body: it has no keys to tell its secrets by.
  return `[${body.bytes} bytes of ${body.mediaType}, not recorded]`;
}

/** The headers written, credentials masked as the journal masks them. */
function keptHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(redactHeaders(headers))) {
    if (LEFT_OUT_HEADERS.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The values the journal's header rule masks (and a bearer token alone): they must not show up anywhere else either. */
function credentialsIn(headers: Record<string, string>): string[] {
  const masked = redactHeaders(headers);
  const credentials: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (masked[name] === value) continue;
    credentials.push(value);
    const token = bearerToken(value);
    if (token !== undefined) credentials.push(token);
  }
  return credentials;
}

function bearerToken(value: string): string | undefined {
  const match = /^bearer\s+(\S+)/i.exec(value);
  if (match === null) return undefined;
  if (match[1] === MASK) return undefined;
  return match[1];
}
