// The mock's table of operations: what the request pipeline, the proxy and verify need of each one, read from the
// spec model once per start (contract/ builds it and hands it down). The model decides the conventions (which methods, error shape, invalid-input status, merged
// parameters, JSON media type, examples) and where each schema is (the JSON pointers the validators compile
// from); the table adds what only the mock needs: how each parameter's value is read out of a request.
import { jsonContentOf, operationSummaries, type AddressSpace, type NamedExample, type OperationSummary, type Pagination, type SpecModel, type SpecHeader, type SpecParameter, type SpecResponse } from '@vendor/spec-model';
import type { ErrorShape } from '../types.js';

/** Where a parameter lives; the mock validates each place as one object (cookies are not validated). */
export type ParameterPlace = 'path' | 'query' | 'header';
export const PARAMETER_PLACES: readonly ParameterPlace[] = ['path', 'query', 'header'];

export interface MockParameter {
  /** as the spec declares it; header names are compared lower-cased */
  name: string;
  in: ParameterPlace;
  required: boolean;
  /** pointer to the parameter's schema inside the bundle, when it has one */
  schemaPointer?: string;
  /** the spec's `style` (default: form for query, simple otherwise) and `explode` (default: true for form) */
  style: string;
  explode: boolean;
  /** whether the schema is an array: such values are split or collected, the rest kept as one string */
  array: boolean;
  /** the parameter's example (the model's rule), if any */
  example?: unknown;
}

export interface MockResponse {
  /** a 3-digit status, or a range like 2XX, or "default", as the spec writes it */
  status: string;
  /** the JSON media type the response documents, if any (e.g. application/json) */
  jsonMediaType?: string;
  /** pointer to that media type's schema */
  schemaPointer?: string;
  /** that media type's examples, in order (a single `example` is one named `example`) */
  examples: readonly NamedExample[];
  /** other media types the response documents (served through Prism) */
  otherMediaTypes: string[];
  /** the names of headers the response documents */
  headerNames: string[];
  /** the headers the response documents, for checking an answer against them */
  headers: MockResponseHeader[];
}

export interface MockResponseHeader {
  /** lower case, as node:http and fetch give header names */
  name: string;
  required: boolean;
  /** pointer to its schema, if it has one */
  schemaPointer?: string;
}

export interface MockOperation {
  operationId: string;
  method: string;
  /** path template, e.g. /api/svc/v1/teams/{id} */
  path: string;
  errorShape: ErrorShape;
  /**
   * where the operation is sent: the control plane (baseUrl) or the gateway (gatewayBaseUrl), from its servers.
   * Optional only so that hand-made operations (tests) need not name it; readOperations always sets it.
   */
  addressSpace?: AddressSpace;
  /** the status this operation answers invalid input with (ARCHITECTURE.md "Invalid-input status") */
  invalidInputStatus: number;
  /** pointer to the JSON request body schema inside the bundle, when the operation takes one */
  bodySchemaPointer?: string;
  bodyRequired: boolean;
  /** path-item and operation parameters (the operation's win on the same name and place) */
  parameters: MockParameter[];
  /** documented responses, in the spec's order */
  responses: MockResponse[];
  /**
   * the statuses every secured operation can answer that this one does not list (the model's `securedResponses`:
   * 401 in its error shape); `responseFor` finds them. Optional only so that hand-made operations need not name it.
   */
  securedResponses?: MockResponse[];
  /** the one of `responses` the model reads as the success response (the first exact 2xx), if any */
  successResponse?: MockResponse;
  /** how the operation pages (the model's `x-pagination`), if it does */
  pagination?: Pagination;
  /** whether it requires a credential (the model's `secured`): only then does it promise 401 without one */
  secured: boolean;
  /** whether it deletes or replaces what cannot be had back (the model's `destructive`): verify runs it only when told */
  destructive: boolean;
  /** whether a client may retry it (the model's `x-idempotent`) */
  idempotent: boolean;
}

/** The spec model's operation summaries (the record every consumer takes), with what only the mock adds. */
export function readOperations(model: SpecModel): MockOperation[] {
  return operationSummaries(model).map(mockOperation);
}

function mockOperation(summary: OperationSummary): MockOperation {
  const operation = summary.operation;
  const entry: MockOperation = {
    operationId: summary.operationId,
    method: summary.method,
    path: summary.path,
    errorShape: summary.errorShape,
    addressSpace: summary.addressSpace,
    invalidInputStatus: summary.invalidInputStatus,
    bodyRequired: operation.requestBody?.required === true,
    parameters: operation.parameters.filter(isValidated).map(mockParameter),
    responses: operation.responses.map(mockResponse),
    securedResponses: operation.securedResponses.map(mockResponse),
    secured: summary.secured,
    destructive: summary.destructive,
    idempotent: summary.idempotent,
  };
  const successIndex = operation.successResponse === undefined ? -1 : operation.responses.indexOf(operation.successResponse);
  if (successIndex >= 0) entry.successResponse = entry.responses[successIndex];
  if (summary.pagination !== undefined) entry.pagination = summary.pagination;
  // The model reads a JSON body without a schema as `{}`; the mock does not validate such a body at all.
  const bodySchemaPointer = operation.requestBody && jsonContentOf(operation.requestBody.content)?.schemaPointer;
  if (bodySchemaPointer !== undefined) entry.bodySchemaPointer = bodySchemaPointer;
  return entry;
}

const isValidated = (parameter: SpecParameter): parameter is SpecParameter & { in: ParameterPlace } => parameter.in !== 'cookie';

function mockParameter(parameter: SpecParameter & { in: ParameterPlace }): MockParameter {
  const { definition } = parameter;
  const style = typeof definition.style === 'string' ? definition.style : parameter.in === 'query' ? 'form' : 'simple';
  const entry: MockParameter = {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    style,
    explode: typeof definition.explode === 'boolean' ? definition.explode : style === 'form',
    array: parameter.schema.type === 'array',
  };
  if (parameter.schemaPointer !== undefined) entry.schemaPointer = parameter.schemaPointer;
  if (parameter.example !== undefined) entry.example = parameter.example;
  return entry;
}

function mockResponse(response: SpecResponse): MockResponse {
  const json = jsonContentOf(response.content);
  const entry: MockResponse = {
    status: response.status,
    examples: json?.examples ?? [],
    otherMediaTypes: response.content.filter((content) => content !== json).map((content) => content.mediaType),
    headerNames: response.headers.map((header) => header.name),
    // OpenAPI: a documented Content-Type header is ignored (the media types say it).
    headers: response.headers.filter((header) => header.name.toLowerCase() !== 'content-type').map(mockResponseHeader),
  };
  if (json !== undefined) entry.jsonMediaType = json.mediaType;
  if (json?.schemaPointer !== undefined) entry.schemaPointer = json.schemaPointer;
  return entry;
}

function mockResponseHeader(header: SpecHeader): MockResponseHeader {
  const entry: MockResponseHeader = { name: header.name.toLowerCase(), required: header.required };
  if (header.schemaPointer !== undefined) entry.schemaPointer = header.schemaPointer;
  return entry;
}
