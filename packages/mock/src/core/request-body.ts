// Parses a request body (the transport reads it: exchange.ts). Never echoes body text (it may hold passwords or secrets).
import type { Json } from '../types.js';
import { isJsonMediaType, mediaTypeOf } from './media-type.js';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The deepest a JSON body may nest (objects and arrays): every step that walks a body (validation, redaction, the
 * sandbox's stored copies) recurses, and a body a few thousand levels deep would overflow the stack. Far above what
 * any operation's body needs; a deeper one is refused as invalid input, naming this rule (`maxDepth`).
 */
export const MAX_JSON_DEPTH = 64;

export type ParsedBody =
  | { kind: 'none' }
  /** `bytes` as received: the journal keeps them (outside the JS heap) rather than the parsed value or its text */
  | { kind: 'json'; value: Json; bytes: Uint8Array }
  | { kind: 'malformed' }
  | { kind: 'not-json'; mediaType: string; text: string }
  | { kind: 'too-large' }
  /** nested deeper than MAX_JSON_DEPTH: never parsed */
  | { kind: 'too-deep' };

const UTF8 = new TextDecoder();
/** Most requests (GETs) have no body: they share this one answer rather than make their own. */
const NO_BODY: ParsedBody = Object.freeze({ kind: 'none' });

export function parseBody(raw: Uint8Array | 'too-large', contentType: string | undefined): ParsedBody {
  if (raw === 'too-large') return { kind: 'too-large' };
  if (raw.length === 0) return NO_BODY;
  const text = UTF8.decode(raw);
  const mediaType = mediaTypeOf(contentType) ?? '';
  if (mediaType !== '' && !isJsonMediaType(mediaType)) return { kind: 'not-json', mediaType, text };
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) return { kind: 'too-deep' };
  try {
    return { kind: 'json', value: JSON.parse(text) as Json, bytes: raw };
  } catch {
    return { kind: 'malformed' };
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read from its bytes before it is parsed (a loop,
 * no recursion). Brackets inside strings do not count; UTF-8 continuation bytes never equal these ASCII ones.
 * A string is skipped to its closing quote with a native search rather than byte by byte: most of a JSON body's
 * bytes are in strings, and reading them one at a time was a tenth of the mock's own work on a valid PUT (issue 42).
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  if (!hasMoreOpeningsThan(bytes, limit)) return false;
  return nestsDeeperByScan(bytes, limit);
}

/**
 * Whether the bytes hold more than `limit` opening brackets, strings included, counted with native searches and
 * stopping past `limit`. Nesting deeper than `limit` needs that many, so most bodies (a valid PUT's has a dozen) are
 * answered here without the byte-by-byte scan; a count in strings only sends a body on to the exact scan.
 */
function hasMoreOpeningsThan(bytes: Uint8Array, limit: number): boolean {
  const braces = countUpTo(bytes, OPEN_BRACE, limit + 1);
  return braces + countUpTo(bytes, OPEN_BRACKET, limit + 1 - braces) > limit;
}

/** How many times `byte` occurs in `bytes`, counting no further than `most`. */
function countUpTo(bytes: Uint8Array, byte: number, most: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte); at >= 0 && count < most; at = bytes.indexOf(byte, at + 1)) count++;
  return count;
}

/** The exact reading: depth counted byte by byte outside strings. */
function nestsDeeperByScan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = closingQuote(bytes, i);
      if (i < 0) return false;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Where the string opened at `open` ends: the first quote after it not escaped by an odd run of backslashes; -1 when it never ends. */
function closingQuote(bytes: Uint8Array, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; j > open && bytes[j] === BACKSLASH; j--) backslashes++;
    const isEscaped = backslashes % 2 === 1;
    if (!isEscaped) return quote;
    from = quote + 1;
  }
}
