// Which JSON Schemas the mock validates with, each under a stable key: decided here, compiled elsewhere.
// One definition serves both the build-time generator (scripts/generators/50-mock-validators.mjs compiles
// them to standalone code for the published bundle) and the run-time fallback (runtime-validators.ts: ajv
// compiles them for any other spec passed to startMock).
//   body <operationId>                           the JSON request body
//   parameters <operationId> <path|query|header> the operation's parameters of that place, as one object
//   response <operationId> <status>              the JSON body of a documented response
//   response-headers <operationId> <status>      the headers a documented response names, as one object
import { EMAIL_FORMAT } from '@vendor/spec-model';
import { rewriteDiscriminators } from './discriminator-rewrite.js';
import { PARAMETER_PLACES, type MockOperation, type MockResponseHeader, type ParameterPlace } from '../spec/operation-table.js';
import type { OpenApiDocument } from '../types.js';

/** The `$id` the rewritten bundle is registered under; every key's schema `$ref`s into it. */
export const DOCUMENT_ID = 'mock:openapi.json';

export const bodyKey = (op: MockOperation) => `body ${op.operationId}`;
export const parametersKey = (op: MockOperation, place: ParameterPlace) => `parameters ${op.operationId} ${place}`;
export const responseKey = (op: MockOperation, status: string) => `response ${op.operationId} ${status}`;
export const responseHeadersKey = (op: MockOperation, status: string) => `response-headers ${op.operationId} ${status}`;

/** ajv's options for both sets; the generator and the run-time compile must use the same ones. */
export function ajvOptions(coerceTypes: boolean) {
  return { strict: false, allErrors: true, coerceTypes };
}

/**
 * The formats both sets check: ajv-formats', with `email` as RFC 5321 writes it (the spec model's one definition,
 * which allows `ada@dev`; ajv-formats' own wants a dot in the domain). A RegExp, so standalone code embeds it.
 */
export function addOurFormats<A extends { addFormat(name: string, format: RegExp): unknown }>(ajv: A, addFormats: (ajv: A) => unknown): void {
  addFormats(ajv);
  ajv.addFormat('email', EMAIL_FORMAT);
}

/** The name a parameter has in its place's object: headers arrive lower-cased from node:http. */
export function parameterProperty(name: string, place: ParameterPlace): string {
  return place === 'header' ? name.toLowerCase() : name;
}

export interface ValidatorSchemaSet {
  /** The bundle with discriminated oneOfs rewritten (discriminator-rewrite.ts), registered as DOCUMENT_ID. */
  document: Record<string, unknown>;
  /** Schemas that validate with ajv's coerceTypes (parameters arrive as strings). */
  coerced: Array<{ key: string; schema: Record<string, unknown> }>;
  /** Schemas that validate values as they are (bodies, responses). */
  exact: Array<{ key: string; schema: Record<string, unknown> }>;
}

/** `operations` is the contract's table (contract/readTables), built once: the generator reads it there too. */
export function validatorSchemas(doc: OpenApiDocument, operations: readonly MockOperation[]): ValidatorSchemaSet {
  const { $schema: _dialect, ...rewritten } = rewriteDiscriminators(doc);
  const ref = (pointer: string) => ({ $ref: `${DOCUMENT_ID}${pointer}` });
  const coerced: ValidatorSchemaSet['coerced'] = [];
  const exact: ValidatorSchemaSet['exact'] = [];
  for (const op of operations) {
    if (op.bodySchemaPointer) exact.push({ key: bodyKey(op), schema: ref(op.bodySchemaPointer) });
    for (const place of PARAMETER_PLACES) {
      const params = op.parameters.filter((p) => p.in === place);
      if (params.length === 0) continue;
      const properties: Record<string, unknown> = {};
      for (const p of params) properties[parameterProperty(p.name, place)] = p.schemaPointer ? ref(p.schemaPointer) : {};
      const required = params.filter((p) => p.required).map((p) => parameterProperty(p.name, place));
      coerced.push({ key: parametersKey(op, place), schema: { type: 'object', properties, required } });
    }
    for (const response of [...op.responses, ...(op.securedResponses ?? [])]) {
      if (response.schemaPointer) exact.push({ key: responseKey(op, response.status), schema: ref(response.schemaPointer) });
      // Header values are text: read as the type their schema says, as parameters are.
      if (response.headers.length > 0) coerced.push({ key: responseHeadersKey(op, response.status), schema: responseHeadersSchema(response.headers, ref) });
    }
  }
  return { document: { ...rewritten, $id: DOCUMENT_ID }, coerced, exact };
}

/** The headers a response documents, as one object by lower-case name: a validator finds the missing and the wrong. */
function responseHeadersSchema(headers: readonly MockResponseHeader[], ref: (pointer: string) => object): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const header of headers) properties[header.name] = header.schemaPointer ? ref(header.schemaPointer) : {};
  const required = headers.filter((header) => header.required).map((header) => header.name);
  return { type: 'object', properties, required };
}

/** Identifies a bundle's content: the precompiled validators serve only the bundle they were generated from. */
export async function documentFingerprint(doc: OpenApiDocument): Promise<string> {
  // Web Crypto, not node:crypto: this module also runs in the in-process fetch (browsers, workers).
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(doc)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
