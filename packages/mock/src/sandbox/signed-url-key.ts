// The key that signs the sandbox's signed URLs (handlers/ml.ts), derived from the sandbox secret so that
// every instance with the same secret signs the same URL the same way. Never shown.
import { sha256 } from '../core/web-crypto.js';

/** Raw HMAC key bytes: SHA-256 of "signed-urls\0" + secret (the bytes the node:crypto version made). */
export function signedUrlKey(secret: string): Promise<Uint8Array> {
  return sha256(`signed-urls\u0000${secret}`);
}
