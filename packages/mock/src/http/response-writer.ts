// Writes JSON responses and error bodies: the one response writer of the mock, the sandbox and its routes.
import type { ServerResponse } from 'node:http';
import type { ErrorShape } from '../types.js';
import { renderError, type MockError } from '../validation/error-shapes.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : typeof body === 'string' && !isJson(headers) ? body : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': headers['content-type'] ?? 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function isJson(headers: Record<string, string>): boolean {
  const type = headers['content-type'];
  return type === undefined || /json/i.test(type);
}

export function sendError(res: ServerResponse, shape: ErrorShape, error: MockError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, renderError(shape, error), headers);
}
