// The proxy checks an upstream's answer as text after its content-encoding; what it cannot decode it says so.
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeAnswer } from '../../../src/proxy/forwarding/answer-body.js';

const text = '{"name":"ada"}';

describe('decodeAnswer', () => {
  it('undoes gzip, br, zlib and raw deflate, and identity', () => {
    expect(decodeAnswer(gzipSync(text), 'gzip')).toEqual({ kind: 'text', text });
    expect(decodeAnswer(brotliCompressSync(text), 'br')).toEqual({ kind: 'text', text });
    expect(decodeAnswer(deflateSync(text), 'deflate')).toEqual({ kind: 'text', text });
    expect(decodeAnswer(deflateRawSync(text), 'deflate')).toEqual({ kind: 'text', text });
    expect(decodeAnswer(Buffer.from(text), 'identity')).toEqual({ kind: 'text', text });
  });

  it('undoes stacked encodings last first', () => {
    expect(decodeAnswer(brotliCompressSync(gzipSync(text)), 'gzip, br')).toEqual({ kind: 'text', text });
  });

  it('names an encoding it does not know, and one whose bytes are not what it says', () => {
    expect(decodeAnswer(Buffer.from(text), 'zstd')).toEqual({ kind: 'unknown-encoding', encoding: 'zstd' });
    expect(decodeAnswer(Buffer.from(text), 'gzip')).toEqual({ kind: 'undecodable', encoding: 'gzip' });
  });
});
