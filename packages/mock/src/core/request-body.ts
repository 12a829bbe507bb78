// Parses a request body (the transport reads it: exchange.ts). Never echoes body text (it may hold passwords or secrets).
import type { Json } from '../types.js';
import { isJsonMediaType, mediaTypeOf } from './media-type.js';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type ParsedBody =
  | { kind: 'none' }
  /** `bytes` as received: the journal keeps them (outside the JS heap) rather than the parsed value or its text */
  | { kind: 'json'; value: Json; bytes: Uint8Array }
  | { kind: 'malformed' }
  | { kind: 'not-json'; mediaType: string; text: string }
  | { kind: 'too-large' };

const UTF8 = new TextDecoder();

export function parseBody(raw: Uint8Array | 'too-large', contentType: string | undefined): ParsedBody {
  if (raw === 'too-large') return { kind: 'too-large' };
  if (raw.length === 0) return { kind: 'none' };
  const text = UTF8.decode(raw);
  const mediaType = mediaTypeOf(contentType) ?? '';
  if (mediaType !== '' && !isJsonMediaType(mediaType)) return { kind: 'not-json', mediaType, text };
  try {
    return { kind: 'json', value: JSON.parse(text) as Json, bytes: raw };
  } catch {
    return { kind: 'malformed' };
  }
}
