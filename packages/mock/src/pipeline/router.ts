// Matches a request's method and path against the operations' path templates.
import type { MockOperation } from '../spec/operation-table.js';
import type { RouteResult } from './seams.js';

export type Router = (method: string, pathname: string) => RouteResult;

interface CompiledPath {
  template: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
  operations: MockOperation[];
  /** its operations by upper-case method, as requests carry it */
  byMethod: Map<string, MockOperation>;
  /** the template's text before its first parameter: a path that does not start with it cannot match */
  prefix: string;
}

function compile(template: string): { regex: RegExp; names: string[]; literalSegments: number; prefix: string } {
  const segments = template.split('/').slice(1);
  const names: string[] = [];
  const parts = segments.map((segment) =>
    segment.replace(/\{[^}]+\}|[^{}]+/g, (piece) => {
      if (!piece.startsWith('{')) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(piece.slice(1, -1));
      return '([^/]+)';
    }),
  );
  return {
    regex: new RegExp(`^/${parts.join('/')}$`),
    names,
    literalSegments: segments.filter((s) => !s.includes('{')).length,
    prefix: template.split('{')[0]!,
  };
}

/**
 * A template's pattern matches only paths with as many slashes as the template has (a parameter never spans a
 * slash), so a path is tried only against the templates of its own slash count.
 */
function slashesIn(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) === SLASH) count += 1;
  }
  return count;
}

const SLASH = 0x2f;
const NO_PATHS: readonly CompiledPath[] = [];

export function createRouter(operations: MockOperation[]): Router {
  const nearestTo = createNearestOperation(operations);
  const byPath = new Map<string, MockOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  // Templates with more literal segments win (/teams/me before /teams/{id}).
  const compiled: CompiledPath[] = [...byPath.entries()]
    .map(([template, ops]) => ({ template, ...compile(template), operations: ops, byMethod: new Map(ops.map((op) => [op.method.toUpperCase(), op])) }))
    .sort((a, b) => b.literalSegments - a.literalSegments);
  // A template without parameters matches only its own text, and comes before every template with parameters (it
  // has the most literal segments): such a path is found by lookup, not by trying each template's pattern in turn.
  const literalPaths = new Map(compiled.filter((path) => path.names.length === 0).map((path) => [path.template, path]));
  // The templates with parameters, by slash count, in the same order: a literal template matches only its own text,
  // which the lookup above has tried, so the patterns tried per request are the few that could match (issue 42:
  // trying every template's pattern in turn was the largest cost of routing a GET by id).
  const patternsBySlashes = new Map<number, CompiledPath[]>();
  for (const path of compiled) {
    if (path.names.length === 0) continue;
    const slashes = slashesIn(path.template);
    patternsBySlashes.set(slashes, [...(patternsBySlashes.get(slashes) ?? []), path]);
  }

  // The first template that matches and serves the method answers: most requests are found without a list of matches.
  const find = (upper: string, pathname: string): RouteResult => {
    const literal = literalPaths.get(pathname)?.byMethod.get(upper);
    if (literal !== undefined) return { kind: 'found', operation: literal, params: NO_PARAMS };
    for (const path of patternsBySlashes.get(slashesIn(pathname)) ?? NO_PATHS) {
      if (!pathname.startsWith(path.prefix)) continue;
      const match = path.regex.exec(pathname);
      if (match === null) continue;
      const operation = path.byMethod.get(upper);
      if (operation !== undefined) return { kind: 'found', operation, params: paramsOf(path.names, match) };
    }
    return notFound(compiled, pathname, nearestTo);
  };
  // Clients repeat their requests (a test polls the same id, a bench sends one path): a path found once is found
  // again by one lookup. Bounded, and emptied when full, so many distinct ids cost at most MAX_REMEMBERED routes.
  const remembered = new Map<string, Map<string, RouteResult>>();
  let rememberedCount = 0;
  return (method, pathname) => {
    const upper = method.toUpperCase();
    let byPath = remembered.get(upper);
    const known = byPath?.get(pathname);
    if (known !== undefined) return known;
    const result = find(upper, pathname);
    // Only found routes of ordinary length: a hosted sandbox's caller cannot fill the memory with 16 kB ids.
    const isRemembered = result.kind === 'found' && pathname.length <= MAX_REMEMBERED_PATH;
    if (!isRemembered) return result;
    if (rememberedCount >= MAX_REMEMBERED) {
      remembered.clear();
      rememberedCount = 0;
      byPath = undefined;
    }
    if (byPath === undefined) {
      byPath = new Map();
      remembered.set(upper, byPath);
    }
    byPath.set(pathname, result);
    rememberedCount += 1;
    return result;
  };
}

/** Routes remembered (method and path) before the memory starts again. */
const MAX_REMEMBERED = 1024;
/** The longest path remembered, in characters: the memory holds at most MAX_REMEMBERED of these (about 0.5 MB). */
const MAX_REMEMBERED_PATH = 512;
/** A found route is shared by every request of its path: its parameters are read, never written. */
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function paramsOf(names: readonly string[], match: RegExpExecArray): Record<string, string> {
  const params: Record<string, string> = {};
  for (let index = 0; index < names.length; index++) params[names[index]!] = match[index + 1]!;
  return Object.freeze(params);
}

/** No template serves the method on this path: 405 with the methods of every template that matches it, else 404. */
function notFound(compiled: readonly CompiledPath[], pathname: string, nearestTo: (pathname: string) => MockOperation | undefined): RouteResult {
  const matching = compiled.filter((path) => path.regex.test(pathname));
  if (matching.length === 0) return { kind: 'no-path', nearest: nearestTo(pathname) };
  const ops = matching.flatMap((path) => path.operations);
  return { kind: 'no-method', operations: ops, allowed: [...new Set(ops.map((op) => op.method.toUpperCase()))] };
}

/**
 * For a path no operation serves: the operation whose template spells most of its beginning (leading literal
 * segments first, then parameters; the first in the spec's order on a tie). So an unknown path under
 * /api/ml/v1 answers in the ML operations' error shape, one under a gateway template in the gateway's,
 * as the spec lays its paths out, without a list of prefixes here.
 */
function createNearestOperation(operations: MockOperation[]): (pathname: string) => MockOperation | undefined {
  const templates = operations.map((operation) => ({ operation, segments: operation.path.split('/').slice(1) }));
  return (pathname) => {
    const segments = pathname.split('/').slice(1);
    let nearest: { operation: MockOperation; lead: Lead } | undefined;
    for (const { operation, segments: template } of templates) {
      const lead = leadOf(template, segments);
      if (nearest === undefined || isLonger(lead, nearest.lead)) nearest = { operation, lead };
    }
    return nearest?.operation;
  };
}

/** How many of a path's leading segments a template matches, by literal segments and by parameters. */
interface Lead {
  literal: number;
  parameters: number;
}

function leadOf(template: readonly string[], path: readonly string[]): Lead {
  const lead = { literal: 0, parameters: 0 };
  for (let index = 0; index < Math.min(template.length, path.length); index++) {
    const segment = template[index]!;
    const isParameter = segment.includes('{');
    if (isParameter) lead.parameters += 1;
    else if (segment === path[index]) lead.literal += 1;
    else break;
  }
  return lead;
}

const isLonger = (a: Lead, b: Lead) => a.literal > b.literal || (a.literal === b.literal && a.parameters > b.parameters);

/** The HTTP methods served on a path (for CORS preflights and 405's Allow), or undefined for an unknown path. */
export function methodsAt(route: Router, pathname: string): string[] | undefined {
  const probe = route('\u0000', pathname); // a method no operation has: answers with the path's methods
  return probe.kind === 'no-method' ? probe.allowed : undefined;
}
