// Breaking-change comparer for two bundled OpenAPI 3.1 documents (internal $refs allowed).
//
// compareSpecs(oldDoc, newDoc) walks every operation of the old document and reports each change
// that can break an existing caller, as { kind, path, message, via? }:
//   path  JSONPath of the change, read through the operation (e.g.
//         $.paths['/api/svc/v1/teams/{id}'].get.responses['200'].content['application/json'].schema.properties.data)
//   via   the component the changed schema lives in, when it lives in one (#/components/schemas/Team)
//
// Schemas are compared by direction:
//   request  (parameters, request bodies; the caller writes, the server reads): the new schema must
//            accept everything the old one accepted. Breaks: a narrowed limit, a new required field,
//            a removed field, a removed enum value or variant, a type the server no longer accepts.
//   response (response bodies and headers; the server writes, the caller reads): the new schema must
//            not send what the old callers cannot read. Breaks: a removed field (or one that is no
//            longer required), a removed enum value, a type the caller did not expect.
// Additions are never breaks: a new operation, a new optional parameter or field, a new enum value
// or variant in a response, a widened limit (response schemas allow unknown properties by convention).
// Narrowed limits in responses are not breaks (callers only read them).
//
// listChanges(oldDoc, newDoc) is the same walk with every change kept, not only the breaks: each with a
// level (breaking, deprecation, addition, documentation; CHANGE_LEVELS), the operation it belongs to, and
// one line in a partner's words (change-lines.mjs). compareSpecs is its breaking part; the gate reads it,
// the changelog (scripts/changelog.mjs, the docs' "What changed" page) reads all of it.
//
// Schemas are compared by the named checks in checks/ (types, nullability, enums, limits, properties,
// nested schemas, variants), run in order by schema-comparer.mjs.
//
// Why not a library: openapi-diff 0.24 rejects OpenAPI 3.1 documents (its parser accepts 3.0.x only);
// api-smart-diff 1.0.6 reads them but classifies a removed response field and a changed response
// type as non-breaking, and reports each change once per component instead of per operation.

import { HTTP_METHODS } from '@vendor/spec-model';
import { changeLine } from './change-lines.mjs';
import { deprecationMessage, sunsetOf } from './deprecation.mjs';
import { isJsonObject } from './json-values.mjs';
import { resolveRef } from './resolve-ref.mjs';
import { SchemaComparer } from './schema-comparer.mjs';

export const BREAK_KINDS = /** @type {const} */ ([
  'removed-operation',
  'changed-operation-id',
  'changed-server',
  'removed-parameter',
  'new-required-parameter',
  'new-required-request-body',
  'removed-request-body',
  'removed-media-type',
  'removed-response',
  'removed-response-header',
  'removed-response-field',
  'response-field-optional',
  'removed-request-field',
  'new-required-request-field',
  'removed-enum-value',
  'removed-variant',
  'narrowed-limit',
  'changed-type',
]);

/** How much a change matters to a caller, most first: the order the changelog lists them in. */
export const CHANGE_LEVELS = /** @type {const} */ (['breaking', 'deprecation', 'addition', 'documentation']);

/** The kinds of change that are not breaks, each with its level. */
export const CHANGE_KINDS = /** @type {const} */ ({
  'added-operation': 'addition',
  'added-server': 'addition',
  'added-parameter': 'addition',
  'parameter-optional': 'addition',
  'added-request-body': 'addition',
  'request-body-optional': 'addition',
  'added-media-type': 'addition',
  'added-response': 'addition',
  'added-response-header': 'addition',
  'added-field': 'addition',
  'request-field-optional': 'addition',
  'response-field-required': 'addition',
  'added-enum-value': 'addition',
  'added-variant': 'addition',
  'widened-limit': 'addition',
  'deprecated-operation': 'deprecation',
  'deprecated-parameter': 'deprecation',
  'deprecated-field': 'deprecation',
  'undeprecated': 'documentation',
  'changed-sunset': 'deprecation',
  'changed-summary': 'documentation',
  'changed-description': 'documentation',
  'changed-example': 'documentation',
});

/** JSONPath text for a list of segments. Strings that are identifiers print as .name, others as ['x']. */
export function formatPath(segments) {
  let out = '$';
  for (const seg of segments) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (seg.startsWith('[')) out += seg; // pre-formatted filter, e.g. [?(@.name=='limit')]
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += `.${seg}`;
    else out += `['${seg.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

/**
 * One change between the two documents.
 * @typedef {{
 *   level: typeof CHANGE_LEVELS[number], kind: string, path: string, message: string, via?: string,
 *   operation: { method: string, path: string, operationId?: string, label: string, deprecated: boolean, sunset?: string },
 *   line: string,
 * }} Change
 */

/** Collects the changes of one operation with their JSON paths, in the order they are found. */
class ChangeReport {
  /** @type {Change[]} */
  changes = [];

  /** @param {Change['operation']} operation the operation the changes that follow belong to */
  forOperation(operation) {
    this.operation = operation;
  }

  /** A breaking change. */
  add(kind, pathSegments, message, via) {
    this.note('breaking', kind, pathSegments, message, via);
  }

  note(level, kind, pathSegments, message, via) {
    // Each kind has one level (CHANGE_KINDS), so the changelog cannot file one change under two.
    const isKnownBreak = level === 'breaking' && BREAK_KINDS.includes(kind);
    const isKnownChange = CHANGE_KINDS[kind] === level;
    if (!isKnownBreak && !isKnownChange) throw new Error(`comparer: change kind ${kind} reported as ${level}`);
    const operation = this.operation;
    const change = { level, kind, path: formatPath(pathSegments), message, ...(via ? { via } : {}), operation };
    this.changes.push({ ...change, line: changeLine(pathSegments.slice(3), kind, message) });
  }

  /** Adds the changes of a schema comparison under the path of that schema (no level: a break). */
  addSchemaChanges(schemaChanges, schemaPathSegments) {
    for (const schemaChange of schemaChanges) {
      this.note(schemaChange.level ?? 'breaking', schemaChange.kind, [...schemaPathSegments, ...schemaChange.relativePath], schemaChange.message, schemaChange.via);
    }
  }
}

/**
 * @param {Record<string, any>} oldDoc the released (baseline) document, bundled
 * @param {Record<string, any>} newDoc the current document, bundled
 * @returns {{kind: string, path: string, message: string, via?: string}[]} every break, in document order
 */
export function compareSpecs(oldDoc, newDoc) {
  return listChanges(oldDoc, newDoc)
    .filter((change) => change.level === 'breaking')
    .map(({ kind, path, message, via }) => ({ kind, path, message, ...(via ? { via } : {}) }));
}

/**
 * Every change, breaking or not, operation by operation: the old document's operations in its order, then
 * the operations that are new.
 * @returns {Change[]}
 */
export function listChanges(oldDoc, newDoc) {
  const comparison = {
    oldDocument: oldDoc,
    newDocument: newDoc,
    schemas: new SchemaComparer(oldDoc, newDoc),
    report: new ChangeReport(),
  };
  const newOperations = operationsByKey(newDoc);
  const oldOperations = operationsByKey(oldDoc);
  for (const [key, oldOperation] of oldOperations) {
    const newOperation = newOperations.get(key);
    if (!newOperation) {
      // The released operation's facts: whether it was deprecated before it went decides the gate.
      comparison.report.forOperation(operationFacts(oldOperation));
      comparison.report.add('removed-operation', oldOperation.pathSegments, `operation ${oldOperation.label} removed`);
      continue;
    }
    comparison.report.forOperation(operationFacts(newOperation));
    compareOperationIdentity(comparison, oldOperation, newOperation);
    compareOperationText(comparison, oldOperation, newOperation);
    compareParameters(comparison, oldOperation, newOperation);
    compareRequestBodies(comparison, oldOperation, newOperation);
    compareResponses(comparison, oldOperation, newOperation);
  }
  for (const [key, newOperation] of newOperations) {
    if (oldOperations.has(key)) continue;
    comparison.report.forOperation(operationFacts(newOperation));
    comparison.report.note('addition', 'added-operation', newOperation.pathSegments, `new operation ${newOperation.label}`);
    if (newOperation.operation.deprecated === true) {
      comparison.report.note('deprecation', 'deprecated-operation', [...newOperation.pathSegments, 'deprecated'], deprecationMessage('the operation', newOperation.operation));
    }
  }
  return comparison.report.changes;
}

/** What the changelog says about the operation a change belongs to. */
function operationFacts({ method, path, operation, label }) {
  const sunset = sunsetOf(operation);
  return { method, path, ...(operation.operationId ? { operationId: operation.operationId } : {}), label, deprecated: operation.deprecated === true, ...(sunset ? { sunset } : {}) };
}

/**
 * Deprecation (and its x-sunset date), the summary and the description of a node that stays: an operation,
 * a parameter. Reported at `pathSegments` with `what` naming the node.
 */
export function compareAnnotations(report, oldNode, newNode, pathSegments, { what, deprecatedKind, via }) {
  const wasDeprecated = oldNode.deprecated === true;
  const isDeprecated = newNode.deprecated === true;
  if (isDeprecated && !wasDeprecated) report.note('deprecation', deprecatedKind, [...pathSegments, 'deprecated'], deprecationMessage(what, newNode), via);
  if (wasDeprecated && !isDeprecated) report.note('documentation', 'undeprecated', [...pathSegments, 'deprecated'], `${what} is no longer deprecated`, via);
  const sunsetChanged = isDeprecated && wasDeprecated && oldNode['x-sunset'] !== newNode['x-sunset'];
  if (sunsetChanged) report.note('deprecation', 'changed-sunset', [...pathSegments, 'x-sunset'], `${what} may be removed from ${newNode['x-sunset'] ?? '(no date)'} (was ${oldNode['x-sunset'] ?? 'no date'})`, via);
  if ((oldNode.summary ?? '') !== (newNode.summary ?? '')) report.note('documentation', 'changed-summary', [...pathSegments, 'summary'], `summary of ${what} changed`, via);
  if ((oldNode.description ?? '') !== (newNode.description ?? '')) report.note('documentation', 'changed-description', [...pathSegments, 'description'], `description of ${what} changed`, via);
}

/** The operation's deprecation, summary and description. */
function compareOperationText({ report }, before, after) {
  compareAnnotations(report, before.operation, after.operation, after.pathSegments, { what: 'the operation', deprecatedKind: 'deprecated-operation' });
}

/**
 * The operations of a document by method and path template, with parameter names left out
 * (renaming a template parameter is not a new operation).
 * Path segments: ['paths', path, method], where the breaks of the operation are reported.
 */
function operationsByKey(document) {
  const operations = new Map();
  for (const [path, rawPathItem] of Object.entries(document.paths ?? {})) {
    const pathItem = resolveRef(document, rawPathItem).node;
    if (!isJsonObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isJsonObject(operation)) continue;
      const label = `${method.toUpperCase()} ${path}${operation.operationId ? ` (${operation.operationId})` : ''}`;
      operations.set(`${method} ${withoutParameterNames(path)}`, { method, path, pathItem, operation, label, pathSegments: ['paths', path, method] });
    }
  }
  return operations;
}

/** The path template with its parameter names left out: /teams/{id} and /teams/{teamId} are one path. */
function withoutParameterNames(path) {
  return path.replace(/\{[^}]*\}/g, '{}');
}

/** The operationId (the client's method name) and the servers that serve the operation. */
function compareOperationIdentity({ oldDocument, newDocument, report }, before, after) {
  const oldOperationId = before.operation.operationId;
  const newOperationId = after.operation.operationId;
  if (oldOperationId !== undefined && oldOperationId !== newOperationId) {
    report.add('changed-operation-id', [...after.pathSegments, 'operationId'], `operationId ${oldOperationId} -> ${newOperationId ?? '(none)'} (the client's method name)`);
  }
  const newServerUrls = serverUrls(newDocument, after);
  const oldServerUrls = serverUrls(oldDocument, before);
  for (const url of oldServerUrls) {
    if (!newServerUrls.includes(url)) report.add('changed-server', [...after.pathSegments, 'servers'], `server ${url} no longer serves ${before.label}`);
  }
  for (const url of newServerUrls) {
    if (!oldServerUrls.includes(url)) report.note('addition', 'added-server', [...after.pathSegments, 'servers'], `also served by ${url}`);
  }
}

/** The operation's servers, else its path item's, else the document's, else `/` (the OpenAPI default). */
function serverUrls(document, { pathItem, operation }) {
  const servers = operation.servers ?? pathItem.servers ?? document.servers ?? [{ url: '/' }];
  return servers.map((server) => server.url);
}

/** Removed parameters, new required ones, and the schemas of those that stay (the caller writes them). */
function compareParameters({ oldDocument, newDocument, schemas, report }, before, after) {
  const oldParameters = effectiveParameters(oldDocument, before);
  const newParameters = effectiveParameters(newDocument, after);
  for (const [key, oldParameter] of oldParameters) {
    const newParameter = newParameters.get(key);
    if (!newParameter) {
      report.add('removed-parameter', [...before.pathSegments, 'parameters', parameterFilter(oldParameter)], `${oldParameter.in} parameter ${oldParameter.name} removed`);
      continue;
    }
    const newParameterPath = [...after.pathSegments, 'parameters', parameterFilter(newParameter)];
    if (newParameter.required === true && oldParameter.required !== true) {
      report.add('new-required-parameter', [...newParameterPath, 'required'], `${newParameter.in} parameter ${newParameter.name} is now required`);
    }
    if (oldParameter.required === true && newParameter.required !== true) {
      report.note('addition', 'parameter-optional', [...newParameterPath, 'required'], `${newParameter.in} parameter ${newParameter.name} is now optional`);
    }
    compareAnnotations(report, oldParameter, newParameter, newParameterPath, { what: `${newParameter.in} parameter ${newParameter.name}`, deprecatedKind: 'deprecated-parameter' });
    compareExamples(report, oldParameter, newParameter, newParameterPath, `${newParameter.in} parameter ${newParameter.name}`);
    report.addSchemaChanges(schemas.compare(oldParameter.schema, newParameter.schema, 'request'), [...newParameterPath, 'schema']);
  }
  for (const [key, newParameter] of newParameters) {
    if (oldParameters.has(key)) continue;
    const newParameterPath = [...after.pathSegments, 'parameters', parameterFilter(newParameter)];
    if (newParameter.required === true) {
      report.add('new-required-parameter', newParameterPath, `new required ${newParameter.in} parameter ${newParameter.name}`);
    } else {
      report.note('addition', 'added-parameter', newParameterPath, `new optional ${newParameter.in} parameter ${newParameter.name}`);
    }
  }
}

/** Path-item parameters overridden by operation parameters of the same location and name (header names ignore case). */
function effectiveParameters(document, { pathItem, operation }) {
  const parameters = new Map();
  for (const rawParameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolveRef(document, rawParameter).node;
    if (isJsonObject(parameter) && parameter.name !== undefined) parameters.set(parameterKey(parameter), parameter);
  }
  return parameters;
}

function parameterKey(parameter) {
  return `${parameter.in}:${parameter.in === 'header' ? String(parameter.name).toLowerCase() : parameter.name}`;
}

/** The JSONPath filter that selects a parameter by name and location. */
function parameterFilter(parameter) {
  return `[?(@.name=='${parameter.name}' && @.in=='${parameter.in}')]`;
}

/** A request body that is new and required, removed, or made required; its removed media types and their schemas. */
function compareRequestBodies({ oldDocument, newDocument, schemas, report }, before, after) {
  const oldBody = before.operation.requestBody ? resolveRef(oldDocument, before.operation.requestBody).node : undefined;
  const newBody = after.operation.requestBody ? resolveRef(newDocument, after.operation.requestBody).node : undefined;
  if (!oldBody && newBody?.required === true) {
    report.add('new-required-request-body', [...after.pathSegments, 'requestBody'], 'a request body is now required');
    return;
  }
  if (!oldBody && newBody) {
    report.note('addition', 'added-request-body', [...after.pathSegments, 'requestBody'], 'accepts an optional request body');
    return;
  }
  if (oldBody && !newBody) {
    report.add('removed-request-body', [...before.pathSegments, 'requestBody'], 'request body removed');
    return;
  }
  if (!oldBody || !newBody) return;
  if (newBody.required === true && oldBody.required !== true) {
    report.add('new-required-request-body', [...after.pathSegments, 'requestBody', 'required'], 'the request body is now required');
  }
  if (oldBody.required === true && newBody.required !== true) {
    report.note('addition', 'request-body-optional', [...after.pathSegments, 'requestBody', 'required'], 'the request body is now optional');
  }
  if ((oldBody.description ?? '') !== (newBody.description ?? '')) {
    report.note('documentation', 'changed-description', [...after.pathSegments, 'requestBody', 'description'], 'description of the request body changed');
  }
  for (const mediaType of Object.keys(newBody.content ?? {})) {
    if (!(mediaType in (oldBody.content ?? {}))) report.note('addition', 'added-media-type', [...after.pathSegments, 'requestBody', 'content', mediaType], `also accepts ${mediaType}`);
  }
  for (const [mediaType, oldMedia] of Object.entries(oldBody.content ?? {})) {
    const newMedia = newBody.content?.[mediaType];
    if (!newMedia) {
      report.add('removed-media-type', [...before.pathSegments, 'requestBody', 'content', mediaType], `request media type ${mediaType} removed`);
      continue;
    }
    report.addSchemaChanges(schemas.compare(oldMedia.schema, newMedia.schema, 'request'), [...after.pathSegments, 'requestBody', 'content', mediaType, 'schema']);
    compareExamples(report, oldMedia, newMedia, [...after.pathSegments, 'requestBody', 'content', mediaType], 'the request body');
  }
}

/** A changed `example` or `examples` (what the docs, the samples and the mock show). */
function compareExamples(report, oldHolder, newHolder, pathSegments, what) {
  const examplesOf = (holder) => JSON.stringify([holder.example ?? null, holder.examples ?? null]);
  if (examplesOf(oldHolder) !== examplesOf(newHolder)) report.note('documentation', 'changed-example', [...pathSegments, 'examples'], `examples of ${what} changed`);
}

/** Removed success responses; in each response that stays, its headers and media types (the caller reads them). */
function compareResponses(comparison, before, after) {
  const { oldDocument, newDocument, report } = comparison;
  for (const [status, rawOldResponse] of Object.entries(before.operation.responses ?? {})) {
    const oldResponse = resolveRef(oldDocument, rawOldResponse).node;
    const rawNewResponse = after.operation.responses?.[status];
    if (rawNewResponse === undefined) {
      // Callers handle an error status they no longer get; they depend on the success ones.
      if (/^2/.test(status)) report.add('removed-response', [...before.pathSegments, 'responses', status], `success response ${status} removed`);
      continue;
    }
    const newResponse = resolveRef(newDocument, rawNewResponse).node;
    const responsePaths = {
      before: [...before.pathSegments, 'responses', status],
      after: [...after.pathSegments, 'responses', status],
    };
    if ((oldResponse.description ?? '') !== (newResponse.description ?? '')) {
      report.note('documentation', 'changed-description', [...responsePaths.after, 'description'], `description of response ${status} changed`);
    }
    compareResponseHeaders(comparison, oldResponse, newResponse, responsePaths);
    compareResponseContent(comparison, oldResponse, newResponse, responsePaths);
  }
  for (const status of Object.keys(after.operation.responses ?? {})) {
    if (before.operation.responses?.[status] === undefined) report.note('addition', 'added-response', [...after.pathSegments, 'responses', status], `new documented response ${status}`);
  }
}

/** Removed headers (names ignore case) and the schemas of those that stay. */
function compareResponseHeaders({ oldDocument, newDocument, schemas, report }, oldResponse, newResponse, responsePaths) {
  for (const [name, rawOldHeader] of Object.entries(oldResponse.headers ?? {})) {
    const rawNewHeader = Object.entries(newResponse.headers ?? {}).find(([newName]) => newName.toLowerCase() === name.toLowerCase())?.[1];
    if (rawNewHeader === undefined) {
      report.add('removed-response-header', [...responsePaths.before, 'headers', name], `response header ${name} removed`);
      continue;
    }
    const oldHeader = resolveRef(oldDocument, rawOldHeader).node;
    const newHeader = resolveRef(newDocument, rawNewHeader).node;
    report.addSchemaChanges(schemas.compare(oldHeader.schema, newHeader.schema, 'response'), [...responsePaths.after, 'headers', name, 'schema']);
  }
  const oldNames = Object.keys(oldResponse.headers ?? {}).map((name) => name.toLowerCase());
  for (const name of Object.keys(newResponse.headers ?? {})) {
    if (!oldNames.includes(name.toLowerCase())) report.note('addition', 'added-response-header', [...responsePaths.after, 'headers', name], `new response header ${name}`);
  }
}

/** Removed media types and the schemas of those that stay. */
function compareResponseContent({ schemas, report }, oldResponse, newResponse, responsePaths) {
  for (const [mediaType, oldMedia] of Object.entries(oldResponse.content ?? {})) {
    const newMedia = newResponse.content?.[mediaType];
    if (!newMedia) {
      report.add('removed-media-type', [...responsePaths.before, 'content', mediaType], `response media type ${mediaType} removed`);
      continue;
    }
    report.addSchemaChanges(schemas.compare(oldMedia.schema, newMedia.schema, 'response'), [...responsePaths.after, 'content', mediaType, 'schema']);
    compareExamples(report, oldMedia, newMedia, [...responsePaths.after, 'content', mediaType], `response ${responsePaths.after[4]}`);
  }
  for (const mediaType of Object.keys(newResponse.content ?? {})) {
    if (!(mediaType in (oldResponse.content ?? {}))) report.note('addition', 'added-media-type', [...responsePaths.after, 'content', mediaType], `may also answer with ${mediaType}`);
  }
}
