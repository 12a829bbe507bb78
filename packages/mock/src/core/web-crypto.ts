// Hashing, HMAC, random bytes and base64url on Web Crypto (globalThis.crypto), not node:crypto: the sandbox
// runs in Node, Bun, Deno, browsers and workerd, which all have Web Crypto and not all have Node's built-ins.
// Every function takes and gives the same bytes as the node:crypto call it replaced (strings are UTF-8).

const utf8 = new TextEncoder();

/** `length` cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** The SHA-256 digest of the UTF-8 bytes of `text`. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(text)));
}

/**
 * An HMAC-SHA-256 key from raw bytes, or from the UTF-8 bytes of a string (as createHmac takes one). Imported
 * once and reused: handing jose raw bytes makes it import them again on every call (~60 µs of a ~150 µs verify).
 */
export function hmacKey(raw: Uint8Array | string, usages: KeyUsage[] = ['sign']): Promise<CryptoKey> {
  const bytes = bytesOf(raw);
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, usages);
}

/** HMAC-SHA-256 of the UTF-8 bytes of `text`, in lower-case hex (createHmac(...).digest('hex')). */
export async function hmacHex(key: CryptoKey, text: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', key, utf8.encode(text));
  return hex(new Uint8Array(signature));
}

/** Lower-case hex, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** base64url without padding, as Buffer's 'base64url' encoding writes it. */
export function base64url(bytes: Uint8Array): string {
  // btoa takes a "binary string": one character per byte.
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A copy backed by a plain ArrayBuffer: Web Crypto's typings refuse views of a SharedArrayBuffer (or a Node Buffer's pool). */
function bytesOf(raw: Uint8Array | string): Uint8Array<ArrayBuffer> {
  if (typeof raw === 'string') return utf8.encode(raw);
  return new Uint8Array(raw);
}
