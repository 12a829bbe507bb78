// Matches a request's method and path against the operations' path templates.
import type { MockOperation } from '../spec/operation-table.js';

export type RouteResult =
  | { kind: 'found'; operation: MockOperation; /** path parameters by template name, still percent-encoded */ params: Record<string, string> }
  /** `nearest`: the operation whose template spells most of the path's beginning; a 404 takes its error shape */
  | { kind: 'no-path'; nearest: MockOperation | undefined }
  | { kind: 'no-method'; operations: MockOperation[]; allowed: string[] };

export type Router = (method: string, pathname: string) => RouteResult;

interface CompiledPath {
  regex: RegExp;
  names: string[];
  literalSegments: number;
  operations: MockOperation[];
}

function compile(template: string): { regex: RegExp; names: string[]; literalSegments: number } {
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
  };
}

export function createRouter(operations: MockOperation[]): Router {
  const nearestTo = createNearestOperation(operations);
  const byPath = new Map<string, MockOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  // Templates with more literal segments win (/teams/me before /teams/{id}).
  const compiled: CompiledPath[] = [...byPath.entries()]
    .map(([template, ops]) => ({ ...compile(template), operations: ops }))
    .sort((a, b) => b.literalSegments - a.literalSegments);

  return (method, pathname) => {
    const lower = method.toLowerCase();
    const matches: Array<{ path: CompiledPath; values: string[] }> = [];
    for (const path of compiled) {
      const match = path.regex.exec(pathname);
      if (match) matches.push({ path, values: match.slice(1) });
    }
    if (matches.length === 0) return { kind: 'no-path', nearest: nearestTo(pathname) };
    for (const { path, values } of matches) {
      const operation = path.operations.find((op) => op.method === lower);
      if (!operation) continue;
      const params: Record<string, string> = {};
      path.names.forEach((name, i) => (params[name] = values[i]!));
      return { kind: 'found', operation, params };
    }
    const ops = matches.flatMap((m) => m.path.operations);
    return { kind: 'no-method', operations: ops, allowed: [...new Set(ops.map((op) => op.method.toUpperCase()))] };
  };
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
