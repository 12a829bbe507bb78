// The mock's table of operations: what it needs to know about each one, read from the bundle.
import type { ErrorShape, OpenApiDocument } from '../types.js';
import { deref, escapeToken, toPointer } from './json-pointer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const SHAPES: readonly ErrorShape[] = ['ml', 'control-plane', 'gateway'];

/** Where a parameter lives; the mock validates each place as one object. */
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
  /** whether the schema (after $refs) is an array: such values are split or collected, the rest kept as one string */
  array: boolean;
  /** the parameter's documented `example`, if any */
  example?: unknown;
}

export interface MockResponse {
  /** a 3-digit status, or a range like 2XX, or "default", as the spec writes it */
  status: string;
  /** pointer to the response object (after following $refs) */
  pointer: string;
  /** the JSON media type the response documents, if any (e.g. application/json) */
  jsonMediaType?: string;
  /** pointer to that media type's schema */
  schemaPointer?: string;
  /** the names of that media type's `examples`, in order */
  exampleNames: string[];
  /** whether that media type has a single `example` instead of named ones */
  hasSingleExample: boolean;
  /** other media types the response documents (served through Prism) */
  otherMediaTypes: string[];
  /** the names of headers the response documents */
  headerNames: string[];
}

export interface MockOperation {
  operationId: string;
  method: string;
  /** path template, e.g. /api/svc/v1/teams/{id} */
  path: string;
  errorShape: ErrorShape;
  /** the status this operation answers invalid input with (ARCHITECTURE.md "Invalid-input status") */
  invalidInputStatus: number;
  /** pointer to the JSON request body schema inside the bundle, when the operation takes one */
  bodySchemaPointer?: string;
  bodyRequired: boolean;
  /** path-item and operation parameters (the operation's win on the same name and place) */
  parameters: MockParameter[];
  /** documented responses, in the spec's order */
  responses: MockResponse[];
}

export function invalidInputStatusOf(responses: Record<string, unknown> | undefined, shape: ErrorShape): number {
  if (responses && '400' in responses) return 400;
  if (responses && '422' in responses) return 422;
  return shape === 'ml' ? 422 : 400;
}

export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || /^application\/[^/]+\+json$/.test(base);
}

export function readOperations(doc: OpenApiDocument): MockOperation[] {
  const operations: MockOperation[] = [];
  for (const [path, pathItem] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = pathItem?.[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const shape = op['x-error-shape'];
      if (!SHAPES.includes(shape)) {
        throw new Error(`${where}: x-error-shape must be one of ${SHAPES.join(', ')} (got ${JSON.stringify(shape)})`);
      }
      if (typeof op.operationId !== 'string') throw new Error(`${where}: operationId is required`);
      const entry: MockOperation = {
        operationId: op.operationId,
        method,
        path,
        errorShape: shape,
        invalidInputStatus: invalidInputStatusOf(op.responses, shape),
        bodyRequired: false,
        parameters: readParameters(doc, path, method),
        responses: readResponses(doc, path, method),
      };
      if (op.requestBody) {
        const body = deref(doc, op.requestBody, toPointer(['paths', path, method, 'requestBody']));
        const mediaType = Object.keys(body.value?.content ?? {}).find(isJsonMediaType);
        if (mediaType && body.value.content[mediaType].schema) {
          entry.bodySchemaPointer = `${body.pointer}/content/${escapeToken(mediaType)}/schema`;
        }
        entry.bodyRequired = body.value?.required === true;
      }
      operations.push(entry);
    }
  }
  return operations;
}

function readParameters(doc: OpenApiDocument, path: string, method: string): MockParameter[] {
  const pathItem = doc.paths[path];
  const lists: Array<[unknown[], string[]]> = [
    [pathItem.parameters ?? [], ['paths', path, 'parameters']],
    [pathItem[method].parameters ?? [], ['paths', path, method, 'parameters']],
  ];
  const byPlaceAndName = new Map<string, MockParameter>();
  for (const [list, at] of lists) {
    list.forEach((raw, index) => {
      const { value: param, pointer } = deref(doc, raw, toPointer([...at, String(index)]));
      if (!param || !['path', 'query', 'header'].includes(param.in)) return; // cookies are not validated
      const place = param.in as ParameterPlace;
      const style = typeof param.style === 'string' ? param.style : place === 'query' ? 'form' : 'simple';
      const entry: MockParameter = {
        name: String(param.name),
        in: place,
        required: param.required === true,
        style,
        explode: typeof param.explode === 'boolean' ? param.explode : style === 'form',
        array: deref(doc, param.schema, '').value?.type === 'array',
      };
      if (param.schema) entry.schemaPointer = `${pointer}/schema`;
      if (param.example !== undefined) entry.example = param.example;
      const key = `${place} ${place === 'header' ? entry.name.toLowerCase() : entry.name}`;
      byPlaceAndName.set(key, entry);
    });
  }
  return [...byPlaceAndName.values()];
}

function readResponses(doc: OpenApiDocument, path: string, method: string): MockResponse[] {
  const responses = doc.paths[path][method].responses ?? {};
  return Object.keys(responses).map((status) => {
    const { value: response, pointer } = deref(doc, responses[status], toPointer(['paths', path, method, 'responses', status]));
    const content: Record<string, any> = response?.content ?? {};
    const mediaTypes = Object.keys(content);
    const jsonMediaType = mediaTypes.find(isJsonMediaType);
    const media = jsonMediaType === undefined ? undefined : content[jsonMediaType];
    const entry: MockResponse = {
      status,
      pointer,
      exampleNames: Object.keys(media?.examples ?? {}),
      hasSingleExample: media?.example !== undefined,
      otherMediaTypes: mediaTypes.filter((m) => m !== jsonMediaType),
      headerNames: Object.keys(response?.headers ?? {}),
    };
    if (jsonMediaType !== undefined) entry.jsonMediaType = jsonMediaType;
    if (media?.schema) entry.schemaPointer = `${pointer}/content/${escapeToken(jsonMediaType!)}/schema`;
    return entry;
  });
}
