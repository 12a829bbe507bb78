// One request as it moves through the pipeline (pipeline.ts): built once, right after routing, and handed
// to every stage. Stages fill in what they learn: the caller (sandbox auth), the body, the preferences.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Preferences } from '../answers/prefer-header.js';
import type { Caller } from '../sandbox/tokens.js';
import type { MockOperation } from '../spec/operation-table.js';
import type { MockRequest } from '../validation/request-validation.js';
import type { ParsedBody } from './request-body.js';

export interface RequestContext extends MockRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** upper case, e.g. GET */
  readonly method: string;
  readonly url: URL;
  /** the operation the router matched */
  readonly op: MockOperation;
  /** path parameters by template name, still percent-encoded (validation/parameter-values.ts decodes them) */
  readonly pathParams: Record<string, string>;
  /** the URL's query string */
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** the request body once the body stage has read it; no body before */
  body: ParsedBody;
  /** who calls: set by the sandbox's auth stage; the stateless mock accepts any token and never knows */
  caller: Caller | undefined;
  /** what a valid `Prefer` header asks for, once validated; nothing before */
  preferences: Preferences;
}

const NO_BODY: ParsedBody = Object.freeze({ kind: 'none' });
const NO_PREFERENCES: Preferences = Object.freeze({});

/** Every field set from the start, so each context has one shape (the pipeline's hot path stays monomorphic). */
export function createRequestContext(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  url: URL,
  op: MockOperation,
  pathParams: Record<string, string>,
): RequestContext {
  return {
    req,
    res,
    method,
    url,
    op,
    pathParams,
    query: url.searchParams,
    headers: req.headers,
    body: NO_BODY,
    caller: undefined,
    preferences: NO_PREFERENCES,
  };
}
