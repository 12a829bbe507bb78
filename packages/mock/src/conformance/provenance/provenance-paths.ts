// Instance paths, as the provenance check and the proxy report speak them: `body.data[].status` for a place in
// every item of a body's `data` array, `query.limit` for a parameter. Findings name concrete places
// (`body.data[0].status`, or `body.data.0.status` as the mock's violations join them); both forms are read here.

/** One step into a JSON body, as a schema describes it. */
export type PathSegment = { kind: 'property'; name: string } | { kind: 'items' } | { kind: 'any' };

/** One step of a concrete place: a property, or an array position (kept as text: a property may be named "0"). */
export type PlaceSegment = { kind: 'property'; name: string } | { kind: 'index'; text: string };

/** Where a finding points: its place (`body`, `query`, `header`, `path`, `status`, ...) and what follows it. */
export interface FindingPlace {
  place: string;
  /** for a body: the steps into it */
  segments: PlaceSegment[];
  /** for a parameter place: the text after `place.`, as written (header names lower-cased) */
  rest: string;
}

/** The places whose rest is a parameter name, not steps into a JSON value. */
const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);

/** `body.data[].status`, `body.metadata.*`, `body` for the root. */
export function instancePathText(place: string, segments: readonly PathSegment[]): string {
  let text = place;
  for (const segment of segments) text += segmentText(segment);
  return text;
}

function segmentText(segment: PathSegment): string {
  if (segment.kind === 'items') return '[]';
  if (segment.kind === 'any') return '.*';
  return `.${segment.name}`;
}

/** Reads a finding's path; body steps are split on dots and brackets, parameter names are kept whole. */
export function parseFindingPath(path: string): FindingPlace {
  const dot = path.indexOf('.');
  const bracket = path.indexOf('[');
  const placeEnd = firstIndex(dot, bracket, path.length);
  const place = path.slice(0, placeEnd);
  const remainder = path.slice(placeEnd);
  if (PARAMETER_PLACES.has(place)) return { place, segments: [], rest: parameterRest(place, remainder) };
  return { place, segments: placeSegments(remainder), rest: remainder };
}

function firstIndex(a: number, b: number, none: number): number {
  const found = [a, b].filter((index) => index >= 0);
  if (found.length === 0) return none;
  return Math.min(...found);
}

/** Header names compare without case (node:http lower-cases them); other names as written. */
function parameterRest(place: string, remainder: string): string {
  const rest = remainder.startsWith('.') ? remainder.slice(1) : remainder;
  if (place === 'header') return rest.toLowerCase();
  return rest;
}

/** `.data[0].status` or `.data.0.status` -> data, index 0, status. */
function placeSegments(remainder: string): PlaceSegment[] {
  const segments: PlaceSegment[] = [];
  for (const token of remainder.split('.')) {
    if (token === '') continue;
    segments.push(...tokenSegments(token));
  }
  return segments;
}

/** One dot-separated token: a name, a bare number (an array position), or a name followed by `[n]`s. */
function tokenSegments(token: string): PlaceSegment[] {
  const match = /^([^[]*)((?:\[\d*\])*)$/.exec(token);
  if (match === null) return [{ kind: 'property', name: token }];
  const name = match[1] ?? '';
  const indexes = [...(match[2] ?? '').matchAll(/\[(\d*)\]/g)].map((index): PlaceSegment => ({ kind: 'index', text: index[1] ?? '' }));
  if (name === '') return indexes;
  if (/^\d+$/.test(name)) return [{ kind: 'index', text: name }, ...indexes];
  return [{ kind: 'property', name }, ...indexes];
}

/** A finding's path with array positions dropped: `body.data[0].id` and `body.data.0.id` both read `body.data[].id`. */
export function aggregatePathText(path: string): string {
  const parsed = parseFindingPath(path);
  if (PARAMETER_PLACES.has(parsed.place)) return joinParameter(parsed);
  let text = parsed.place;
  for (const segment of parsed.segments) text += segment.kind === 'index' ? '[]' : `.${segment.name}`;
  return text;
}

function joinParameter(parsed: FindingPlace): string {
  if (parsed.rest === '') return parsed.place;
  return `${parsed.place}.${parsed.rest}`;
}

/** Whether a concrete place is the schema place `segments` or lies below it. */
export function isAtOrUnder(place: readonly PlaceSegment[], segments: readonly PathSegment[]): boolean {
  if (place.length < segments.length) return false;
  return segments.every((segment, i) => segmentMatches(segment, place[i]!));
}

function segmentMatches(segment: PathSegment, step: PlaceSegment): boolean {
  if (segment.kind === 'any') return true;
  if (segment.kind === 'items') return step.kind === 'index';
  if (step.kind === 'property') return step.name === segment.name;
  // The mock joins positions with dots, so a property named "0" and position 0 read alike.
  return step.text === segment.name;
}

/** Whether a parameter finding's rest names the parameter `name` (or a part of its value: `ids.0`, `ids[0]`). */
export function namesParameter(rest: string, name: string): boolean {
  if (rest === name) return true;
  return rest.startsWith(`${name}.`) || rest.startsWith(`${name}[`);
}

/** Every value a body holds at a schema place (none when a step is missing; every item for `[]`). */
export function valuesAt(body: unknown, segments: readonly PathSegment[]): unknown[] {
  let values: unknown[] = [body];
  for (const segment of segments) values = values.flatMap((value) => childValues(value, segment));
  return values;
}

function childValues(value: unknown, segment: PathSegment): unknown[] {
  if (segment.kind === 'items') return Array.isArray(value) ? value : [];
  if (!isPlainObject(value)) return [];
  if (segment.kind === 'any') return Object.values(value);
  if (!Object.hasOwn(value, segment.name)) return [];
  return [value[segment.name]];
}

/** The value at a concrete place, or undefined when the body has nothing there. */
export function valueAtPlace(body: unknown, place: readonly PlaceSegment[]): unknown {
  let value = body;
  for (const step of place) {
    value = stepInto(value, step);
    if (value === undefined) return undefined;
  }
  return value;
}

function stepInto(value: unknown, step: PlaceSegment): unknown {
  if (Array.isArray(value)) return arrayItem(value, step);
  if (!isPlainObject(value)) return undefined;
  const key = step.kind === 'property' ? step.name : step.text;
  if (!Object.hasOwn(value, key)) return undefined;
  return value[key];
}

function arrayItem(array: readonly unknown[], step: PlaceSegment): unknown {
  const text = step.kind === 'index' ? step.text : step.name;
  if (!/^\d+$/.test(text)) return undefined;
  return array[Number(text)];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
