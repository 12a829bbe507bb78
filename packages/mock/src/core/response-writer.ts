// Writes JSON responses and error bodies: the one response writer of the mock, the sandbox and its routes.
import type { ErrorShape } from '../types.js';
import { renderError, type MockError } from './error-shapes.js';
import type { Reply } from './exchange.js';

export function sendJson(reply: Reply, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : typeof body === 'string' && !isJson(headers) ? body : JSON.stringify(body);
  reply.send(status, { ...headers, 'content-type': headers['content-type'] ?? 'application/json' }, text);
}

/** JSON already encoded (a stored record's answer, encoded once): sent as it is. */
export function sendEncodedJson(reply: Reply, status: number, json: Uint8Array, headers: Record<string, string> = {}): void {
  reply.send(status, { ...headers, 'content-type': headers['content-type'] ?? 'application/json' }, json);
}

function isJson(headers: Record<string, string>): boolean {
  const type = headers['content-type'];
  return type === undefined || /json/i.test(type);
}

export function sendError(reply: Reply, shape: ErrorShape, error: MockError, headers: Record<string, string> = {}): void {
  sendJson(reply, error.status, renderError(shape, error), headers);
}
