// Picks the documented answer for a valid request, honouring `Prefer: code=..., example=...`.
// Each answer (operation, status, example) is looked up, serialised and validated against its response
// schema once, on first use, then served from memory. What cannot be served from an example (a generated
// body, documented response headers, a media type other than JSON, an Accept the JSON answer does not
// satisfy) goes to Prism instead.
import { getAtPointer } from '../spec/json-pointer.js';
import type { MockOperation, MockResponse } from '../spec/operation-table.js';
import type { OpenApiDocument, Violation } from '../types.js';
import type { MockError } from '../validation/error-shapes.js';
import type { SchemaValidators } from '../validation/runtime-validators.js';
import { violationsFromSchemaErrors } from '../validation/schema-violations.js';
import { responseKey } from '../validation/validator-keys.js';
import { preferViolation, type Preferences } from './prefer-header.js';
import { idRewritesFor, nameRequestedIds, pathParameterExamples, type IdRewrite } from './requested-ids.js';

export interface StaticAnswer {
  status: number;
  /** lower-case names; content-type and content-length included */
  headers: Record<string, string>;
  body: Buffer;
  /** a 404 that names ids: its value and the example ids to replace with the request's (requested-ids.ts) */
  namesIds?: { value: unknown; rewrites: IdRewrite[] };
}

export type AnswerChoice =
  | { kind: 'static'; answer: StaticAnswer }
  /** the request asked (Prefer) for something the operation does not document */
  | { kind: 'unhonourable'; violation: Violation }
  /** an answer only Prism can give; `why` is for the reader of this code and of the tests */
  | { kind: 'prism'; why: string }
  /** the documented example breaks its own schema: the spec is wrong, not the request */
  | { kind: 'broken'; error: MockError; warning: string };

export type ChooseAnswer = (op: MockOperation, preferences: Preferences, accept: string | undefined) => AnswerChoice;

export function createAnswerTable(doc: OpenApiDocument, validators: SchemaValidators, operations: readonly MockOperation[]): ChooseAnswer {
  const cache = new Map<string, AnswerChoice>();
  const exampleIds = pathParameterExamples(operations);
  return (op, preferences, accept) => {
    if (preferences.dynamic) return { kind: 'prism', why: 'Prefer: dynamic=true asks for a generated body' };
    const picked = pickResponse(op, preferences.code);
    if ('violation' in picked) return { kind: 'unhonourable', violation: picked.violation };
    const { response, status } = picked;
    if (response.headerNames.length > 0) return { kind: 'prism', why: 'the response documents headers' };
    if (accept !== undefined && !acceptsAnswer(accept, response.jsonMediaType)) return { kind: 'prism', why: 'content negotiation' };
    if (response.jsonMediaType === undefined && response.otherMediaTypes.length > 0) return { kind: 'prism', why: 'a media type other than JSON' };

    const example = pickExample(op, response, preferences.exampleKey);
    if ('violation' in example) return { kind: 'unhonourable', violation: example.violation };
    if (example.name === undefined && response.jsonMediaType !== undefined && !response.hasSingleExample) {
      return { kind: 'prism', why: 'no example to serve' };
    }
    const key = `${op.operationId} ${status} ${example.name ?? ''}`;
    let choice = cache.get(key);
    if (!choice) {
      choice = buildAnswer(doc, validators, op, response, status, example.name, exampleIds);
      cache.set(key, choice);
    }
    return choice;
  };
}

/** The response a request gets: the asked-for code (or its range, or `default`), else the lowest 2xx. */
function pickResponse(op: MockOperation, code: number | undefined): { response: MockResponse; status: number } | { violation: Violation } {
  if (code === undefined) {
    const success = op.responses.filter((r) => /^2\d\d$/.test(r.status)).sort((a, b) => Number(a.status) - Number(b.status))[0];
    const fallback = success ?? op.responses.find((r) => r.status.toUpperCase() === '2XX') ?? op.responses.find((r) => r.status === 'default');
    if (!fallback) return { violation: preferViolation('code', `has no code, and ${op.operationId} documents no success response to serve`) };
    return { response: fallback, status: success ? Number(success.status) : 200 };
  }
  const exact = op.responses.find((r) => r.status === String(code));
  const range = op.responses.find((r) => r.status.toUpperCase() === `${String(code)[0]}XX`);
  const fallback = op.responses.find((r) => r.status === 'default');
  const response = exact ?? range ?? fallback;
  if (!response) {
    const documented = op.responses.map((r) => r.status).join(', ');
    return { violation: preferViolation('code', `asks for code=${code}, but ${op.operationId} documents ${documented}`) };
  }
  return { response, status: code };
}

function pickExample(op: MockOperation, response: MockResponse, wanted: string | undefined): { name: string | undefined } | { violation: Violation } {
  if (wanted === undefined) return { name: response.exampleNames[0] };
  if (response.exampleNames.includes(wanted)) return { name: wanted };
  const documented = response.exampleNames.length > 0 ? `the examples ${response.exampleNames.join(', ')}` : 'no named examples';
  return {
    violation: preferViolation('example', `asks for example=${wanted}, but the ${response.status} response of ${op.operationId} documents ${documented}`),
  };
}

function buildAnswer(
  doc: OpenApiDocument,
  validators: SchemaValidators,
  op: MockOperation,
  response: MockResponse,
  status: number,
  exampleName: string | undefined,
  exampleIds: ReadonlySet<string>,
): AnswerChoice {
  if (response.jsonMediaType === undefined) return { kind: 'static', answer: { status, headers: { 'content-length': '0' }, body: Buffer.alloc(0) } };
  const value = exampleValue(doc, response, exampleName);
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
  const body = Buffer.from(JSON.stringify(value));
  const answer: StaticAnswer = { status, headers: { 'content-type': response.jsonMediaType, 'content-length': String(body.length) }, body };
  const rewrites = status === 404 ? idRewritesFor(op, exampleIds) : [];
  if (rewrites.length > 0) answer.namesIds = { value, rewrites };
  return { kind: 'static', answer };
}

/** The body to send: the stored one, or for a 404 that names ids, the one naming the request's ids. */
export function staticAnswerFor(answer: StaticAnswer, pathParams: Readonly<Record<string, string>>): StaticAnswer {
  if (answer.namesIds === undefined) return answer;
  const body = Buffer.from(JSON.stringify(nameRequestedIds(answer.namesIds.value, answer.namesIds.rewrites, pathParams)));
  return { status: answer.status, headers: { ...answer.headers, 'content-length': String(body.length) }, body };
}

function exampleValue(doc: OpenApiDocument, response: MockResponse, exampleName: string | undefined): unknown {
  const media = getAtPointer(doc, `${response.pointer}/content`)?.[response.jsonMediaType!];
  if (exampleName === undefined) return media.example;
  let example = media.examples[exampleName];
  // Named examples may be $refs to components/examples.
  for (let hops = 0; hops < 20 && typeof example?.$ref === 'string'; hops++) example = getAtPointer(doc, example.$ref);
  return example?.value;
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
