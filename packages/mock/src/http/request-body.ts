// Reads and parses a request body. Never echoes body text (it may hold passwords or secrets).
import type { IncomingMessage } from 'node:http';
import type { Json } from '../types.js';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: Json }
  | { kind: 'malformed' }
  | { kind: 'not-json'; mediaType: string; text: string }
  | { kind: 'too-large' };

const EMPTY = Buffer.alloc(0);

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | 'too-large'> {
  // HTTP/1.1: no Content-Length and no Transfer-Encoding means no body (most GETs); nothing to wait for.
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function parseBody(raw: Buffer | 'too-large', contentType: string | undefined): ParsedBody {
  if (raw === 'too-large') return { kind: 'too-large' };
  if (raw.length === 0) return { kind: 'none' };
  const text = raw.toString('utf8');
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== '' && !isJsonMediaType(mediaType)) return { kind: 'not-json', mediaType, text };
  try {
    return { kind: 'json', value: JSON.parse(text) as Json };
  } catch {
    return { kind: 'malformed' };
  }
}

/** A request's media type (lower-cased, without parameters) that carries JSON: application/json or application/...+json. */
function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
}
