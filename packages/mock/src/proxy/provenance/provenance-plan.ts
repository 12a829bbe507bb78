// Which provenance markers each operation's traffic can exercise, worked out once from the document: marked
// responses (by status), marked schemas in request and response bodies (as instance paths, `$ref`s, `properties`,
// `items`, `additionalProperties` and every `allOf`/`anyOf`/`oneOf` branch followed), and marked parameters.
import { getAtPointer, type OpenApiDocument } from '@vendor/spec-model';
import type { Direction } from './checked-exchange.js';
import type { MockOperation } from '../spec/operation-table.js';
import { childPointer, DOCUMENT_POINTER } from '../spec/json-pointer.js';
import { instancePathText, type PathSegment } from './provenance-paths.js';

export type Provenance = 'service' | 'assumption';
const PROVENANCES: readonly string[] = ['service', 'assumption'];

/** What a marked element states that traffic can agree with: a status, a field, an enumeration, a nullability. */
export type ElementKind = 'status' | 'field' | 'enum' | 'nullability';

/** One `x-provenance` marker: where it sits in the document, its kind, its note. */
export interface ProvenanceMarker {
  pointer: string;
  provenance: Provenance;
  note?: string;
}

/** Where a marked element shows in an exchange. */
export type ElementPlace = 'status' | 'body' | 'query' | 'header' | 'path';

/** A marked element of one operation, in one direction (and, for responses, one documented status). */
export interface MarkedElement extends ProvenanceMarker {
  element: ElementKind;
  operationId: string;
  direction: Direction;
  /** the documented status (`200`, `4XX`, `default`) of the response the element belongs to */
  status?: string;
  place: ElementPlace;
  /** body: the instance path; a parameter: one property step with its name; status: none */
  segments: PathSegment[];
  /** `body.data[].status`, `query.limit`, or the status */
  at: string;
}

export interface OperationPlan {
  operation: MockOperation;
  /** marked parameters and request-body elements */
  request: MarkedElement[];
  /** by documented status: the marked response itself, then its body's elements */
  responses: Map<string, MarkedElement[]>;
}

/** Beyond this many steps into a body a schema is not followed (the spec's deepest bodies are far shallower). */
const MAX_DEPTH = 32;

type Json = Record<string, any>;

/** Every valid marker of the document, in document order (the walk of scripts/provenance.mjs). */
export function collectMarkers(doc: OpenApiDocument): ProvenanceMarker[] {
  const markers: ProvenanceMarker[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== 'object') return;
    const marker = markerOf(node as Json, pointer);
    if (marker !== undefined) markers.push(marker);
    for (const [key, child] of Object.entries(node)) visit(child, childPointer(pointer, key));
  };
  visit(doc, DOCUMENT_POINTER);
  return markers;
}

/** The marker an object carries; a value other than service or assumption is not one (provenance.mjs rejects it). */
function markerOf(node: Json, pointer: string): ProvenanceMarker | undefined {
  if (Array.isArray(node)) return undefined;
  const provenance = node['x-provenance'];
  if (!PROVENANCES.includes(provenance)) return undefined;
  const marker: ProvenanceMarker = { pointer, provenance };
  const note = node['x-provenance-note'];
  if (typeof note === 'string') marker.note = note;
  return marker;
}

/** An object of the document with its pointer. */
interface Located {
  node: Json;
  pointer: string;
}

/** A `$ref` chain followed: the object at its end, the markers met on the way (its own included), the refs taken. */
interface Followed {
  target: Located | undefined;
  markers: ProvenanceMarker[];
  refs: string[];
}

/** Like spec-model's resolveRef, but keeping each object's pointer, so that a marker is reported where it is written. */
function follow(doc: OpenApiDocument, start: Located): Followed {
  const markers: ProvenanceMarker[] = [];
  const refs: string[] = [];
  let current: Located | undefined = start;
  while (current !== undefined) {
    const marker = markerOf(current.node, current.pointer);
    if (marker !== undefined) markers.push(marker);
    const ref = current.node.$ref;
    if (typeof ref !== 'string') break;
    // Only local references can be followed; a loop of references ends the chain with nothing at its end.
    if (!ref.startsWith('#') || refs.includes(ref)) return { target: undefined, markers, refs };
    refs.push(ref);
    current = locatedAt(doc, ref);
  }
  return { target: current, markers, refs };
}

function locatedAt(doc: OpenApiDocument, pointer: string): Located | undefined {
  const node = getAtPointer(doc, pointer);
  if (!isObject(node)) return undefined;
  return { node, pointer };
}

function childAt(parent: Located, ...tokens: Array<string | number>): Located | undefined {
  let node: unknown = parent.node;
  for (const token of tokens) {
    if (!isObject(node)) return undefined;
    node = node[token];
  }
  if (!isObject(node)) return undefined;
  return { node, pointer: childPointer(parent.pointer, ...tokens) };
}

/** Collects an operation's marked elements, once each (two routes to the same place yield one element). */
class ElementList {
  readonly elements: MarkedElement[] = [];
  private readonly keys = new Set<string>();

  add(element: MarkedElement): void {
    const key = `${element.pointer}|${element.element}|${element.at}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.elements.push(element);
  }
}

/** Who an element belongs to, shared by every element of one body or one operation's request. */
interface Owner {
  operationId: string;
  direction: Direction;
  status?: string;
}

export function planOperation(doc: OpenApiDocument, operation: MockOperation): OperationPlan {
  const located = operationLocation(doc, operation);
  const requestOwner: Owner = { operationId: operation.operationId, direction: 'request' };
  const request = new ElementList();
  if (located !== undefined) {
    for (const parameter of operationParameters(doc, located)) addParameterElements(doc, parameter, requestOwner, request);
    addRequestBodyMarkers(doc, located.operation, requestOwner, request);
  }
  if (operation.bodySchemaPointer !== undefined) addBodyElements(doc, operation.bodySchemaPointer, requestOwner, request);
  const responses = new Map<string, MarkedElement[]>();
  for (const response of operation.responses) {
    const owner: Owner = { operationId: operation.operationId, direction: 'response', status: response.status };
    const list = new ElementList();
    if (located !== undefined) addResponseMarkers(doc, located.operation, owner, list);
    if (response.schemaPointer !== undefined) addBodyElements(doc, response.schemaPointer, owner, list);
    responses.set(response.status, list.elements);
  }
  return { operation, request: request.elements, responses };
}

interface OperationLocation {
  pathItem: Located;
  operation: Located;
}

function operationLocation(doc: OpenApiDocument, operation: MockOperation): OperationLocation | undefined {
  const written = locatedAt(doc, childPointer(DOCUMENT_POINTER, 'paths', operation.path));
  if (written === undefined) return undefined;
  const pathItem = follow(doc, written).target;
  if (pathItem === undefined) return undefined;
  const definition = childAt(pathItem, operation.method.toLowerCase());
  if (definition === undefined) return undefined;
  return { pathItem, operation: definition };
}

/** A parameter as written (for its markers) and as resolved (for its name and place). */
interface LocatedParameter {
  followed: Followed;
  name: string;
  in: string;
}

/** Path-item and operation parameters; an operation's parameter replaces the path item's of the same name and place. */
function operationParameters(doc: OpenApiDocument, located: OperationLocation): LocatedParameter[] {
  const byKey = new Map<string, LocatedParameter>();
  for (const holder of [located.pathItem, located.operation]) {
    for (const parameter of parametersOf(doc, holder)) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function parametersOf(doc: OpenApiDocument, holder: Located): LocatedParameter[] {
  const list = holder.node.parameters;
  if (!Array.isArray(list)) return [];
  const parameters: LocatedParameter[] = [];
  list.forEach((_, index) => {
    const written = childAt(holder, 'parameters', index);
    if (written === undefined) return;
    const followed = follow(doc, written);
    const target = followed.target?.node;
    if (target === undefined || typeof target.name !== 'string' || typeof target.in !== 'string') return;
    parameters.push({ followed, name: target.name, in: target.in });
  });
  return parameters;
}

/** Places whose parameters a proxy sees (cookies are not validated, so nothing would contradict them). */
const PARAMETER_PLACES: ReadonlySet<string> = new Set(['query', 'header', 'path']);

function addParameterElements(doc: OpenApiDocument, parameter: LocatedParameter, owner: Owner, into: ElementList): void {
  if (!PARAMETER_PLACES.has(parameter.in)) return;
  const place = parameter.in as ElementPlace;
  // node:http lower-cases header names, and so do the findings.
  const name = place === 'header' ? parameter.name.toLowerCase() : parameter.name;
  const segments: PathSegment[] = [{ kind: 'property', name }];
  const schemaAt = parameter.followed.target === undefined ? undefined : childAt(parameter.followed.target, 'schema');
  const schema = schemaAt === undefined ? undefined : follow(doc, schemaAt);
  const markers = [...parameter.followed.markers, ...(schema?.markers ?? [])];
  const resolvedSchema = schema?.target?.node ?? {};
  // A parameter's value is text, never null: it states a field, or an enumeration when its schema lists values.
  const element: ElementKind = isEnumLike(doc, resolvedSchema) ? 'enum' : 'field';
  for (const marker of markers) {
    into.add({ ...marker, ...owner, element, place, segments, at: `${place}.${name}` });
  }
}

/** A marker on the request body object itself (not its schema) speaks of the whole body. */
function addRequestBodyMarkers(doc: OpenApiDocument, operation: Located, owner: Owner, into: ElementList): void {
  const written = childAt(operation, 'requestBody');
  if (written === undefined) return;
  for (const marker of follow(doc, written).markers) {
    into.add({ ...marker, ...owner, element: 'field', place: 'body', segments: [], at: 'body' });
  }
}

/** A marker on a response object states the status: it is exercised when the operation answers that status. */
function addResponseMarkers(doc: OpenApiDocument, operation: Located, owner: Owner, into: ElementList): void {
  const status = owner.status ?? '';
  const written = childAt(operation, 'responses', status);
  if (written === undefined) return;
  for (const marker of follow(doc, written).markers) {
    into.add({ ...marker, ...owner, element: 'status', place: 'status', segments: [], at: status });
  }
}

function addBodyElements(doc: OpenApiDocument, schemaPointer: string, owner: Owner, into: ElementList): void {
  const schema = locatedAt(doc, schemaPointer);
  if (schema === undefined) return;
  walkSchema({ doc, owner, into }, schema, [], []);
}

interface Walk {
  doc: OpenApiDocument;
  owner: Owner;
  into: ElementList;
}

/**
 * Records the markers met at `segments` and walks on into the schema's parts. `stack` holds the `$ref`s taken to
 * get here: a reference back into one of them is recursion (a tree of nodes), and the walk stops there.
 */
function walkSchema(walk: Walk, written: Located, segments: PathSegment[], stack: readonly string[]): void {
  if (segments.length > MAX_DEPTH) return;
  const followed = follow(walk.doc, written);
  const isRecursion = followed.refs.some((ref) => stack.includes(ref));
  if (isRecursion) return;
  const schema = followed.target;
  if (schema === undefined) return;
  for (const marker of followed.markers) addSchemaMarker(walk, marker, schema.node, segments);
  const inner = [...stack, ...followed.refs];
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) walkBranches(walk, schema, keyword, segments, inner);
  walkProperties(walk, schema, segments, inner);
  const items = childAt(schema, 'items');
  if (items !== undefined) walkSchema(walk, items, [...segments, { kind: 'items' }], inner);
  const additional = childAt(schema, 'additionalProperties');
  if (additional !== undefined) walkSchema(walk, additional, [...segments, { kind: 'any' }], inner);
}

/** Each branch describes the same place; traffic that takes another branch simply shows no values there. */
function walkBranches(walk: Walk, schema: Located, keyword: string, segments: PathSegment[], stack: readonly string[]): void {
  const branches = schema.node[keyword];
  if (!Array.isArray(branches)) return;
  branches.forEach((_, index) => {
    const branch = childAt(schema, keyword, index);
    if (branch !== undefined) walkSchema(walk, branch, segments, stack);
  });
}

function walkProperties(walk: Walk, schema: Located, segments: PathSegment[], stack: readonly string[]): void {
  const properties = schema.node.properties;
  if (!isObject(properties)) return;
  for (const name of Object.keys(properties)) {
    const property = childAt(schema, 'properties', name);
    if (property !== undefined) walkSchema(walk, property, [...segments, { kind: 'property', name }], stack);
  }
}

/** A marked schema states an enumeration when it lists values, else a field; and a nullability when it allows null. */
function addSchemaMarker(walk: Walk, marker: ProvenanceMarker, schema: Json, segments: PathSegment[]): void {
  const base = { ...marker, ...walk.owner, place: 'body' as const, segments, at: instancePathText('body', segments) };
  const element: ElementKind = isEnumLike(walk.doc, schema) ? 'enum' : 'field';
  walk.into.add({ ...base, element });
  if (allowsNull(walk.doc, schema)) walk.into.add({ ...base, element: 'nullability' });
}

/** `enum` on the schema, or on one of its direct `anyOf`/`oneOf` branches (the spec's open enumerations). */
function isEnumLike(doc: OpenApiDocument, schema: Json): boolean {
  if (Array.isArray(schema.enum)) return true;
  return directBranches(doc, schema).some((branch) => Array.isArray(branch.enum));
}

/** `type: null` (alone or in a list), `nullable`, `null` among the enum values, or a direct branch that allows null. */
function allowsNull(doc: OpenApiDocument, schema: Json): boolean {
  if (allowsNullItself(schema)) return true;
  return directBranches(doc, schema).some(allowsNullItself);
}

function allowsNullItself(schema: Json): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  return schema.const === null;
}

/** The `anyOf`/`oneOf` branches of a schema, `$ref`s followed (one level: what the schema itself offers). */
function directBranches(doc: OpenApiDocument, schema: Json): Json[] {
  const branches: Json[] = [];
  for (const keyword of ['anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    for (const branch of list) {
      const target = isObject(branch) ? follow(doc, { node: branch, pointer: '' }).target : undefined;
      if (target !== undefined) branches.push(target.node);
    }
  }
  return branches;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}
