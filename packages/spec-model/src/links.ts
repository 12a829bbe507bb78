// OpenAPI links (`responses.<status>.links`): where one operation's answer feeds another's request, and the runtime
// expressions (`$response.body#/data/id`) that say how. Read and evaluated here, so no reader decodes their pointers.
import { SpecModelError } from './errors.js';
import { childPointer, getAtPointer } from './pointer.js';
import { resolveAt } from './resolve.js';
import type { JsonObject, OpenApiDocument, SpecLink } from './types.js';

/** The links of one response, `$ref`s followed; each must name an operation of the document by `operationId`. */
export function readLinks(document: OpenApiDocument, responsePointer: string, links: JsonObject | undefined, label: string): SpecLink[] {
  return Object.entries(links ?? {}).map(([name, raw]) => {
    const usedAt = childPointer(responsePointer, 'links', name);
    const { target: link, pointer } = resolveAt(document, raw, usedAt);
    if (typeof link.operationId !== 'string') throw new SpecModelError(`${label}: link ${name} needs an operationId (operationRef is not supported)`);
    return {
      name,
      operationId: link.operationId,
      parameters: { ...(link.parameters ?? {}) },
      requestBody: link.requestBody,
      description: link.description,
      pointer,
      usedAt,
    };
  });
}

/** What a runtime expression can read: the source operation's request and its answer. */
export interface LinkSource {
  request: { path: Record<string, string>; query: Record<string, string>; headers: Record<string, string>; body: unknown };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

/**
 * The value of a link's parameter or request body: a runtime expression (`$response.body#/data/id`,
 * `$request.path.id`, `$request.query.limit`, `$response.header.location`, `$statusCode`) evaluated against `source`,
 * or a constant as written. `undefined` when the expression names nothing in the source.
 */
export function evaluateRuntimeExpression(expression: unknown, source: LinkSource): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  if (expression === '$statusCode') return source.response.status;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression);
  if (body !== null) {
    const holder = body[1] === 'request' ? source.request.body : source.response.body;
    return body[2] === undefined || body[2] === '' ? holder : getAtPointer(holder, `#${body[2]}`);
  }
  const part = /^\$(request|response)\.(path|query|header)\.(.+)$/.exec(expression);
  if (part === null) throw new SpecModelError(`${expression} is not a runtime expression this model reads`);
  const [, side, place, name] = part as unknown as [string, 'request' | 'response', 'path' | 'query' | 'header', string];
  if (side === 'response') return place === 'header' ? source.response.headers[name.toLowerCase()] : undefined;
  if (place === 'header') return source.request.headers[name.toLowerCase()] ?? source.request.headers[name];
  return source.request[place][name];
}
