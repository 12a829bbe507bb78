// One request as it moves through the pipeline (pipeline/pipeline.ts): built once, right after routing, and handed
// to every stage. Stages fill in what they learn: the caller (sandbox auth), the body, the preferences.
import type { Preferences } from './prefer-header.js';
import type { Caller } from './caller.js';
import type { MockOperation } from '../spec/operation-table.js';
import type { Violation } from '../types.js';
import type { IncomingRequest, Reply, RequestHeaders } from './exchange.js';
import type { RequestTarget } from './request-target.js';
import type { ParsedBody } from './request-body.js';
import type { RefusalReason } from './refusal.js';

/** Validation reads it as a `MockRequest` (validation/request-validation.ts): the same fields, by shape. */
export interface RequestContext {
  readonly request: IncomingRequest;
  readonly reply: Reply;
  /** upper case, e.g. GET */
  readonly method: string;
  readonly url: RequestTarget;
  /** the operation the router matched */
  readonly op: MockOperation;
  /** path parameters by template name, still percent-encoded (validation/parameter-values.ts decodes them) */
  readonly pathParams: Record<string, string>;
  /** the URL's query string */
  readonly query: URLSearchParams;
  readonly headers: RequestHeaders;
  /** the request body once the body stage has read it; no body before */
  body: ParsedBody;
  /** the body's bytes as received (the proxy forwards them); empty before the body stage */
  rawBody: Uint8Array;
  /** who calls: set by the sandbox's auth stage; the stateless mock accepts any token and never knows */
  caller: Caller | undefined;
  /** what a valid `Prefer` header asks for, once validated; nothing before */
  preferences: Preferences;
  /** what validation found wrong with the request (the journal shows them); none before */
  violations: Violation[];
  /** why a step refused the request (a 429, a 401, an invalid body ...); undefined when it was served */
  refusal: RefusalReason | undefined;
}

const NO_BODY: ParsedBody = Object.freeze({ kind: 'none' });
const NO_BYTES = new Uint8Array(0);
const NO_PREFERENCES: Preferences = Object.freeze({});
const NO_VIOLATIONS: Violation[] = [];

/** Every field set from the start, so each context has one shape (the pipeline's hot path stays monomorphic). */
export function createRequestContext(
  request: IncomingRequest,
  reply: Reply,
  url: RequestTarget,
  op: MockOperation,
  pathParams: Record<string, string>,
): RequestContext {
  return new PipelineContext(request, reply, url, op, pathParams);
}

/** A class, not an object literal: `query` is a getter on its prototype, not a new function for every request. */
class PipelineContext implements RequestContext {
  readonly method: string;
  readonly headers: RequestHeaders;
  body: ParsedBody = NO_BODY;
  rawBody: Uint8Array = NO_BYTES;
  caller: Caller | undefined = undefined;
  preferences: Preferences = NO_PREFERENCES;
  violations: Violation[] = NO_VIOLATIONS;
  refusal: RefusalReason | undefined = undefined;

  constructor(
    readonly request: IncomingRequest,
    readonly reply: Reply,
    readonly url: RequestTarget,
    readonly op: MockOperation,
    readonly pathParams: Record<string, string>,
  ) {
    this.method = request.method;
    this.headers = request.headers;
  }

  /** Read through, so a request whose query nobody reads never has it parsed (request-target.ts). */
  get query(): URLSearchParams {
    return this.url.searchParams;
  }
}
