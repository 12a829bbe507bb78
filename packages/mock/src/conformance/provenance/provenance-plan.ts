// Which provenance markers each operation's traffic can exercise, worked out once from the spec model: marked
// responses (by status), marked schemas in request and response bodies (as instance paths, `$ref`s, `properties`,
// `items`, `additionalProperties` and every `allOf`/`anyOf`/`oneOf` branch followed), and marked parameters.
// The markers, the places of the operation's parts, the `$ref` chains and the schema rules are the model's; what
// is the plan's own is which element of an exchange each marker speaks of.
import {
  allowsNull,
  childPointer,
  followRef,
  getAtPointer,
  isEnumLike,
  jsonContentOf,
  type OpenApiDocument,
  type ProvenanceMarker,
  type ResolveSchema,
  type SpecOperation,
  type SpecParameter,
} from '@vendor/spec-model';
import type { Direction } from '../checking/checked-exchange.js';
import { instancePathText, type PathSegment } from './provenance-paths.js';

export type { Provenance, ProvenanceMarker } from '@vendor/spec-model';

/** What a marked element states that traffic can agree with: a status, a field, an enumeration, a nullability. */
export type ElementKind = 'status' | 'field' | 'enum' | 'nullability';

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
  operation: SpecOperation;
  /** marked parameters and request-body elements */
  request: MarkedElement[];
  /** by documented status: the marked response itself, then its body's elements */
  responses: Map<string, MarkedElement[]>;
}

/** The document and its markers by the pointer of the object that carries each. */
export interface MarkedDocument {
  doc: OpenApiDocument;
  markers: ReadonlyMap<string, ProvenanceMarker>;
}

export function markedDocument(doc: OpenApiDocument, markers: readonly ProvenanceMarker[]): MarkedDocument {
  return { doc, markers: new Map(markers.map((marker) => [marker.pointer, marker])) };
}

/** Beyond this many steps into a body a schema is not followed (the spec's deepest bodies are far shallower). */
const MAX_DEPTH = 32;

type Json = Record<string, any>;

/** An object of the document with its pointer. */
interface Located {
  node: Json;
  pointer: string;
}

/** A `$ref` chain followed from a place: the object at its end (if it reaches one), the markers met on the way, the places passed. */
interface Followed {
  target: Located | undefined;
  markers: ProvenanceMarker[];
  /** the pointers the chain's references led to (none for an object written in place) */
  refs: string[];
}

/** Follows the `$ref`s from `start`, keeping every place on the way, so that a marker is reported where it is written. */
function follow(marked: MarkedDocument, start: Located): Followed {
  const chain = followRef(marked.doc, start.node);
  const places = [start.pointer, ...chain.pointers];
  const markers = markersAt(marked, places);
  // A broken chain (a loop, another document, nothing there) ends with nothing to walk into.
  const reachesObject = chain.broken === undefined && isObject(chain.target);
  const target = reachesObject ? { node: chain.target, pointer: places.at(-1)! } : undefined;
  return { target, markers, refs: chain.pointers };
}

/** The markers of the objects at `pointers`, in that order. */
function markersAt(marked: MarkedDocument, pointers: readonly string[]): ProvenanceMarker[] {
  const markers: ProvenanceMarker[] = [];
  for (const pointer of pointers) {
    const marker = marked.markers.get(pointer);
    if (marker !== undefined) markers.push(marker);
  }
  return markers;
}

/** The object at a place of use, followed: the markers on the `$ref` itself and on everything it leads to. */
function followFrom(marked: MarkedDocument, usedAt: string): Followed {
  return follow(marked, { node: getAtPointer(marked.doc, usedAt), pointer: usedAt });
}

/** The rules' way through a branch's `$ref`: a broken one reads as no schema. */
function resolverOf(doc: OpenApiDocument): ResolveSchema {
  return (schema) => followRef(doc, schema).target;
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

export function planOperation(marked: MarkedDocument, operation: SpecOperation): OperationPlan {
  const requestOwner: Owner = { operationId: operation.operationId, direction: 'request' };
  const request = new ElementList();
  for (const parameter of operation.parameters) addParameterElements(marked, parameter, requestOwner, request);
  const { requestBody } = operation;
  if (requestBody !== undefined) {
    addMarkersOfWhole(marked, requestBody.usedAt, { ...requestOwner, element: 'field', place: 'body', segments: [], at: 'body' }, request);
    addBodyElements(marked, jsonContentOf(requestBody.content)?.schemaPointer, requestOwner, request);
  }
  const responses = new Map<string, MarkedElement[]>();
  // A status every secured operation can answer (401) is judged like a listed one: `responseFor` lends it.
  for (const response of [...operation.responses, ...operation.securedResponses]) {
    const owner: Owner = { operationId: operation.operationId, direction: 'response', status: response.status };
    const list = new ElementList();
    // A marker on a response object states the status: it is exercised when the operation answers that status.
    addMarkersOfWhole(marked, response.usedAt, { ...owner, element: 'status', place: 'status', segments: [], at: response.status }, list);
    addBodyElements(marked, jsonContentOf(response.content)?.schemaPointer, owner, list);
    responses.set(response.status, list.elements);
  }
  return { operation, request: request.elements, responses };
}

/** Places whose parameters a proxy sees (cookies are not validated, so nothing would contradict them). */
const PARAMETER_PLACES: ReadonlySet<string> = new Set(['query', 'header', 'path']);

function addParameterElements(marked: MarkedDocument, parameter: SpecParameter, owner: Owner, into: ElementList): void {
  if (!PARAMETER_PLACES.has(parameter.in)) return;
  const place = parameter.in as ElementPlace;
  // node:http lower-cases header names, and so do the findings.
  const name = place === 'header' ? parameter.name.toLowerCase() : parameter.name;
  const segments: PathSegment[] = [{ kind: 'property', name }];
  const schemaMarkers = parameter.schemaPointer === undefined ? [] : followFrom(marked, parameter.schemaPointer).markers;
  const markers = [...followFrom(marked, parameter.usedAt).markers, ...schemaMarkers];
  // A parameter's value is text, never null: it states a field, or an enumeration when its schema lists values.
  const element: ElementKind = isEnumLike(parameter.schema, resolverOf(marked.doc)) ? 'enum' : 'field';
  for (const marker of markers) {
    into.add({ ...marker, ...owner, element, place, segments, at: `${place}.${name}` });
  }
}

/** What every marker on a request body or a response object (not its schema) states: the whole of it. */
type WholeElement = Omit<MarkedElement, keyof ProvenanceMarker>;

/** The markers on the object at `usedAt` and along its `$ref`s, each as `element`. */
function addMarkersOfWhole(marked: MarkedDocument, usedAt: string, element: WholeElement, into: ElementList): void {
  for (const marker of followFrom(marked, usedAt).markers) into.add({ ...marker, ...element });
}

function addBodyElements(marked: MarkedDocument, schemaPointer: string | undefined, owner: Owner, into: ElementList): void {
  if (schemaPointer === undefined) return;
  const schema = getAtPointer(marked.doc, schemaPointer);
  if (!isObject(schema)) return;
  walkSchema({ marked, resolve: resolverOf(marked.doc), owner, into }, { node: schema, pointer: schemaPointer }, [], []);
}

interface Walk {
  marked: MarkedDocument;
  resolve: ResolveSchema;
  owner: Owner;
  into: ElementList;
}

/**
 * Records the markers met at `segments` and walks on into the schema's parts. `stack` holds the places `$ref`s
 * led to on the way here: a reference back into one of them is recursion (a tree of nodes), and the walk stops there.
 */
function walkSchema(walk: Walk, written: Located, segments: PathSegment[], stack: readonly string[]): void {
  if (segments.length > MAX_DEPTH) return;
  const followed = follow(walk.marked, written);
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
  const element: ElementKind = isEnumLike(schema, walk.resolve) ? 'enum' : 'field';
  walk.into.add({ ...base, element });
  if (allowsNull(schema, walk.resolve)) walk.into.add({ ...base, element: 'nullability' });
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}
