// The admin API's own token (`--admin-token-file FILE` or VENDOR_SANDBOX_ADMIN_TOKEN), never a tenant's. It is
// compared in constant time: both sides are hashed first (equal lengths whatever was sent), then every byte is
// compared, so the time taken says nothing about how much of a guess was right.
import { soleBearerToken } from '../../core/bearer-token.js';
import type { RequestHeaders } from '../../core/exchange.js';
import { sha256 } from '../../core/web-crypto.js';

/** The environment variable that holds the admin token when --admin-token-file is not given. */
export const ADMIN_TOKEN_ENV = 'VENDOR_SANDBOX_ADMIN_TOKEN';
const MIN_ADMIN_TOKEN_LENGTH = 16;

/** Checks an admin token as read (a file's content, trimmed, or the variable); `source` names where it came from. */
export function checkAdminToken(token: string, source: string): string {
  const trimmed = token.trim();
  if (trimmed.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(trimmed)) {
    throw new Error(`${source} must hold an admin token of at least ${MIN_ADMIN_TOKEN_LENGTH} characters without blanks (e.g. the output of openssl rand -hex 32)`);
  }
  return trimmed;
}

/** Whether `headers` carry `Authorization: Bearer <the admin token>`. */
export function createAdminCheck(adminToken: string): (headers: RequestHeaders) => Promise<boolean> {
  const expected = sha256(adminToken);
  return async (headers) => {
    const sent = soleBearerToken(headers);
    if (sent === undefined) return false;
    return sameBytes(await sha256(sent), await expected);
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i % b.length]!;
  return difference === 0;
}
