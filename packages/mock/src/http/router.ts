// Matches a request's method and path against the operations' path templates.
import type { MockOperation } from '../spec/operation-table.js';

export type RouteResult =
  | { kind: 'found'; operation: MockOperation; /** path parameters by template name, still percent-encoded */ params: Record<string, string> }
  | { kind: 'no-path' }
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
    if (matches.length === 0) return { kind: 'no-path' };
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

/** The HTTP methods served on a path (for CORS preflights and 405's Allow), or undefined for an unknown path. */
export function methodsAt(route: Router, pathname: string): string[] | undefined {
  const probe = route('\u0000', pathname); // a method no operation has: answers with the path's methods
  return probe.kind === 'no-method' ? probe.allowed : undefined;
}
