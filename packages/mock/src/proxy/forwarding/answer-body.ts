// Reads a JSON answer whole so it can be checked before its headers go out, and decodes its content-encoding for
// the check only (the client gets the bytes as the upstream sent them).
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** The most of a JSON answer the proxy holds to check; a longer one is streamed on unchecked. */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

/** A decoded body may be this much larger than the bytes read: past it, it is not checked (a decompression bomb). */
const MAX_DECODED_BYTES = 8 * MAX_ANSWER_BYTES;

export type ReadAnswer =
  | { kind: 'whole'; bytes: Buffer }
  /** past the limit: what was read so far; the rest is still in the (paused) stream */
  | { kind: 'too-large'; head: Buffer[] };

/** Reads the answer's body up to `limit` bytes. Rejects when the upstream breaks off mid-body. */
export function readAnswer(body: IncomingMessage, limit = MAX_ANSWER_BYTES): Promise<ReadAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      body.pause();
      stopListening();
      resolve({ kind: 'too-large', head: chunks });
    };
    const onEnd = () => {
      stopListening();
      resolve({ kind: 'whole', bytes: Buffer.concat(chunks) });
    };
    const onError = (error: Error) => {
      stopListening();
      reject(error);
    };
    const stopListening = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

export type DecodedAnswer = { kind: 'text'; text: string } | { kind: 'undecodable'; encoding: string } | { kind: 'unknown-encoding'; encoding: string };

const UTF8 = new TextDecoder();

/** The body's text after its content-encoding (gzip, deflate, br or none). */
export function decodeAnswer(bytes: Buffer, contentEncoding: string | undefined): DecodedAnswer {
  const encodings = (contentEncoding ?? '').split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '' && e !== 'identity');
  let decoded = bytes;
  // Encodings are listed in the order they were applied: undo them last first.
  for (const encoding of encodings.reverse()) {
    const decode = DECODERS[encoding];
    if (decode === undefined) return { kind: 'unknown-encoding', encoding };
    try {
      decoded = decode(decoded);
    } catch {
      return { kind: 'undecodable', encoding };
    }
  }
  return { kind: 'text', text: UTF8.decode(decoded) };
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  'x-gzip': (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  br: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  deflate: inflateDeflate,
};

/** `deflate` is meant to be zlib-wrapped, but some servers send it raw. */
function inflateDeflate(bytes: Buffer): Buffer {
  try {
    return inflateSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
  } catch {
    return inflateRawSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
  }
}
