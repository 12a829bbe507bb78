// Matches a request's method and path against the operations' path templates.
import type { MockOperation } from './operations.js';

export type RouteResult =
  | { kind: 'found'; operation: MockOperation }
  | { kind: 'no-path' }
  | { kind: 'no-method'; operations: MockOperation[]; allowed: string[] };

interface CompiledPath {
  regex: RegExp;
  literalSegments: number;
  operations: MockOperation[];
}

function compile(template: string): { regex: RegExp; literalSegments: number } {
  const segments = template.split('/').slice(1);
  const parts = segments.map((segment) =>
    segment.replace(/\{[^}]+\}|[^{}]+/g, (piece) =>
      piece.startsWith('{') ? '([^/]+)' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    ),
  );
  return {
    regex: new RegExp(`^/${parts.join('/')}$`),
    literalSegments: segments.filter((s) => !s.includes('{')).length,
  };
}

export function createRouter(operations: MockOperation[]): (method: string, pathname: string) => RouteResult {
  const byPath = new Map<string, MockOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  // Templates with more literal segments win (/teams/me before /teams/{id}).
  const compiled: CompiledPath[] = [...byPath.entries()]
    .map(([template, ops]) => ({ ...compile(template), operations: ops }))
    .sort((a, b) => b.literalSegments - a.literalSegments);

  return (method, pathname) => {
    const lower = method.toLowerCase();
    const matches = compiled.filter((c) => c.regex.test(pathname));
    if (matches.length === 0) return { kind: 'no-path' };
    for (const match of matches) {
      const operation = match.operations.find((op) => op.method === lower);
      if (operation) return { kind: 'found', operation };
    }
    const ops = matches.flatMap((m) => m.operations);
    return { kind: 'no-method', operations: ops, allowed: [...new Set(ops.map((op) => op.method.toUpperCase()))] };
  };
}
