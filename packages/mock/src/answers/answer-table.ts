// Picks the documented answer for a valid request, honouring `Prefer: code=..., example=...`.
// Each answer (operation, status, example) is looked up, serialised and validated against its response
// schema once, on first use, then served from memory. What cannot be served from an example (a generated
// body, documented response headers, a media type other than JSON, an Accept the JSON answer does not
// satisfy) goes to Prism instead.
import { answerableStatuses, responseFor, type NamedExample, type Pagination } from '@vendor/spec-model';
import type { MockOperation, MockResponse } from '../spec/operation-table.js';
import type { Violation } from '../types.js';
import type { MockError } from '../core/error-shapes.js';
import type { SchemaValidators, ValidateFunction } from '../validation/runtime-validators.js';
import { violationsFromSchemaErrors } from '../validation/schema-violations.js';
import { responseKey } from '../validation/validator-keys.js';
import { preferViolation, type Preferences } from '../core/prefer-header.js';
import { continuesPaging, lastPageOf } from './last-page.js';
import { idRewritesFor, nameRequestedIds, pathParameterExamples, type IdRewrite } from './requested-ids.js';

export interface StaticAnswer {
  status: number;
  /** lower-case names; content-type and content-length included */
  headers: Record<string, string>;
  body: Uint8Array;
  /** a 404 that names ids: its value and the example ids to replace with the request's (requested-ids.ts) */
  namesIds?: { value: unknown; rewrites: IdRewrite[] };
  /** a 2xx page of a paginated operation: its value, and the last page a request that continues paging gets (last-page.ts) */
  paging?: PagingAnswer;
}

export interface PagingAnswer {
  pagination: Pagination;
  value: unknown;
  /** built and validated once: it does not depend on the request's token or offset */
  lastPage: StaticAnswer;
}

const UTF8 = new TextEncoder();

export type AnswerChoice =
  | { kind: 'static'; answer: StaticAnswer }
  /** the request asked (Prefer) for something the operation does not document */
  | { kind: 'unhonourable'; violation: Violation }
  /** a body generated from the response's schema (Prefer: dynamic=true) */
  | { kind: 'generated'; response: MockResponse; status: number }
  /** an Accept header that the operation's only media type (JSON) cannot satisfy */
  | { kind: 'not-acceptable'; error: MockError }
  /** an answer only Prism can give; `why` is for the reader of this code and of the tests */
  | { kind: 'prism'; why: string }
  /** the documented example breaks its own schema: the spec is wrong, not the request */
  | { kind: 'broken'; error: MockError; warning: string };

export type ChooseAnswer = (op: MockOperation, preferences: Preferences, accept: string | undefined) => AnswerChoice;

export function createAnswerTable(validators: SchemaValidators, operations: readonly MockOperation[]): ChooseAnswer {
  const cache = new Map<string, AnswerChoice>();
  const exampleIds = pathParameterExamples(operations);
  const choose: ChooseAnswer = (op, preferences, accept) => {
    const picked = pickResponse(op, preferences.code);
    if ('violation' in picked) return { kind: 'unhonourable', violation: picked.violation };
    const { response, status } = picked;
    if (response.headerNames.length > 0) return { kind: 'prism', why: 'the response documents headers' };
    if (response.otherMediaTypes.length > 0) {
      if (accept !== undefined && !acceptsAnswer(accept, response.jsonMediaType)) return { kind: 'prism', why: 'content negotiation' };
      if (response.jsonMediaType === undefined) return { kind: 'prism', why: 'a media type other than JSON' };
    }
    if (accept !== undefined && !acceptsAnswer(accept, response.jsonMediaType)) return notAcceptable(op, response, accept);
    if (preferences.dynamic && response.jsonMediaType !== undefined) return { kind: 'generated', response, status };

    const pickedExample = pickExample(op, response, preferences.exampleKey);
    if ('violation' in pickedExample) return { kind: 'unhonourable', violation: pickedExample.violation };
    const { example } = pickedExample;
    if (example === undefined && response.jsonMediaType !== undefined) return { kind: 'prism', why: 'no example to serve' };
    const key = `${op.operationId} ${status} ${example?.name ?? ''}`;
    let choice = cache.get(key);
    if (!choice) {
      choice = buildAnswer(validators, op, response, status, example, exampleIds);
      cache.set(key, choice);
    }
    return choice;
  };
  // Most requests ask for nothing with Prefer: their choice depends on the operation and the Accept header alone,
  // and is looked up without building a key.
  const plainChoices = new Map<MockOperation, Map<string | undefined, AnswerChoice>>();
  return (op, preferences, accept) => {
    const asksForNothing = preferences.code === undefined && preferences.exampleKey === undefined && preferences.dynamic !== true;
    if (!asksForNothing) return choose(op, preferences, accept);
    let byAccept = plainChoices.get(op);
    if (byAccept === undefined) {
      byAccept = new Map();
      plainChoices.set(op, byAccept);
    }
    let choice = byAccept.get(accept);
    if (choice === undefined) {
      choice = choose(op, preferences, accept);
      // Accept is the client's to vary: only a handful of its values are kept.
      if (byAccept.size < MAX_PLAIN_ACCEPTS) byAccept.set(accept, choice);
    }
    return choice;
  };
}

const MAX_PLAIN_ACCEPTS = 16;

/** 406 in the operation's shape: the Accept header excludes the one media type the response has. */
function notAcceptable(op: MockOperation, response: MockResponse, accept: string): AnswerChoice {
  return {
    kind: 'not-acceptable',
    error: { status: 406, kind: 'mock-error', message: `Accept: ${accept} cannot be served: the ${response.status} response of ${op.operationId} is ${response.jsonMediaType}` },
  };
}

/** Served without a `Prefer: code`: what answers a 200 when the operation documents no exact 2xx status. */
const DEFAULT_SUCCESS_STATUS = 200;

/** The response a request gets: the asked-for code (or its range, or `default`), else the success response (else 2XX, else `default`). */
function pickResponse(op: MockOperation, code: number | undefined): { response: MockResponse; status: number } | { violation: Violation } {
  if (code === undefined) {
    const success = op.successResponse;
    // Without an exact 2xx status there is no exact 200 either, so this finds 2XX, then `default`.
    const fallback = success ?? responseFor(op, DEFAULT_SUCCESS_STATUS);
    if (!fallback) return { violation: preferViolation('code', `has no code, and ${op.operationId} documents no success response to serve`) };
    return { response: fallback, status: success ? Number(success.status) : DEFAULT_SUCCESS_STATUS };
  }
  const response = responseFor(op, code);
  if (!response) {
    const documented = answerableStatuses(op).join(', ');
    return { violation: preferViolation('code', `asks for code=${code}, but ${op.operationId} documents ${documented}`) };
  }
  return { response, status: code };
}

/** The example a request gets: the asked-for one (Prefer: example=...), else the first; undefined when there is none. */
function pickExample(op: MockOperation, response: MockResponse, wanted: string | undefined): { example: NamedExample | undefined } | { violation: Violation } {
  if (wanted === undefined) return { example: response.examples[0] };
  const named = response.examples.find((example) => example.name === wanted);
  if (named !== undefined) return { example: named };
  const names = response.examples.map((example) => example.name);
  const documented = names.length > 0 ? `the examples ${names.join(', ')}` : 'no named examples';
  return {
    violation: preferViolation('example', `asks for example=${wanted}, but the ${response.status} response of ${op.operationId} documents ${documented}`),
  };
}

function buildAnswer(
  validators: SchemaValidators,
  op: MockOperation,
  response: MockResponse,
  status: number,
  example: NamedExample | undefined,
  exampleIds: ReadonlySet<string>,
): AnswerChoice {
  const mediaType = response.jsonMediaType;
  const hasJsonBody = mediaType !== undefined && example !== undefined;
  if (!hasJsonBody) return { kind: 'static', answer: { status, headers: { 'content-length': '0' }, body: new Uint8Array(0) } };
  const { value } = example;
  const validate = validators.get(responseKey(op, response.status));
  if (validate && !validate(value)) {
    const details = violationsFromSchemaErrors(['body'], validate.errors).map((v) => `response.${v.message}`).join('; ');
    return {
      kind: 'broken',
      warning: `response validation failed: ${op.operationId} ${status} does not match its schema: ${details}`,
      error: {
        status: 500,
        kind: 'response-invalid',
        message: `The mocked ${status} response of ${op.operationId} does not match its own schema (fix the spec's example): ${details}`,
      },
    };
  }
  const body = UTF8.encode(JSON.stringify(value));
  const answer: StaticAnswer = { status, headers: { 'content-type': mediaType, 'content-length': String(body.length) }, body };
  const rewrites = status === 404 ? idRewritesFor(op, exampleIds) : [];
  if (rewrites.length > 0) answer.namesIds = { value, rewrites };
  const paging = pagingAnswerOf(op.pagination, answer, value, validate);
  if (paging !== undefined) answer.paging = paging;
  return { kind: 'static', answer };
}

/** A paginated operation's 2xx answer: its value and its last page. Undefined for any other answer. */
function pagingAnswerOf(pagination: Pagination | undefined, answer: StaticAnswer, value: unknown, validate: ValidateFunction | undefined): PagingAnswer | undefined {
  if (pagination === undefined) return undefined;
  if (answer.status < 200 || answer.status > 299) return undefined;
  const lastPage = lastPageAnswer(pagination, validate, value, answer);
  if (lastPage === undefined) return undefined;
  return { pagination, value, lastPage };
}

/**
 * The example as the last page. The schema decides how the next token goes: left out, else null where the field
 * is required. A last page that validates neither way is not served: the example stays (a spec problem, such
 * as a minimum of items; test/last-page.test.ts shows it).
 */
function lastPageAnswer(pagination: Pagination, validate: ValidateFunction | undefined, value: unknown, example: StaticAnswer): StaticAnswer | undefined {
  let page = lastPageOf(pagination, value, 'absent');
  if (validate !== undefined && !validate(page)) page = lastPageOf(pagination, value, 'null');
  if (validate !== undefined && !validate(page)) return undefined;
  const body = UTF8.encode(JSON.stringify(page));
  return { status: example.status, headers: { ...example.headers, 'content-length': String(body.length) }, body };
}

/**
 * The last page, for a request that continues paging through a paginated operation's example; else undefined.
 * The request's query is read only for such an operation (most requests never need theirs parsed).
 */
export function lastPageAnswerFor(answer: StaticAnswer, request: { readonly query: URLSearchParams }): StaticAnswer | undefined {
  const { paging } = answer;
  if (paging === undefined) return undefined;
  if (!continuesPaging(paging.pagination, request.query, paging.value)) return undefined;
  return paging.lastPage;
}

/** The body to send: the stored one, or for a 404 that names ids, the one naming the request's ids. */
export function staticAnswerFor(answer: StaticAnswer, pathParams: Readonly<Record<string, string>>): StaticAnswer {
  if (answer.namesIds === undefined) return answer;
  const body = UTF8.encode(JSON.stringify(nameRequestedIds(answer.namesIds.value, answer.namesIds.rewrites, pathParams)));
  return { status: answer.status, headers: { ...answer.headers, 'content-length': String(body.length) }, body };
}

// Whether an Accept header admits the JSON answer: any range that matches it (*/*, application/*, the type itself) without q=0.
function acceptsAnswer(accept: string, jsonMediaType: string | undefined): boolean {
  if (jsonMediaType === undefined) return true; // no body, nothing to negotiate
  const wanted = jsonMediaType.toLowerCase();
  const [type] = wanted.split('/');
  return accept.split(',').some((range) => {
    const [mediaRange, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const excluded = params.some((p) => /^q=0(\.0*)?$/.test(p));
    if (excluded || !mediaRange) return false;
    return mediaRange === '*/*' || mediaRange === `${type}/*` || mediaRange === wanted;
  });
}
