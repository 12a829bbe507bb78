// Sandbox tokens: HS256 JWTs (jose) that carry the tenant and the subject, signed with the sandbox secret.
// The secret and the tokens never appear in an error or a log line.
import { errors, jwtVerify, SignJWT } from 'jose';
import { COMMAND } from '../core/command-name.js';
import type { Caller } from '../core/caller.js';
import { base64url, hmacKey, randomBytes, sha256 } from '../core/web-crypto.js';

const ISSUER = 'vendor-api-mock-sandbox';
/** The environment variable that holds the sandbox secret when --secret is not given. */
export const SECRET_ENV = 'VENDOR_SANDBOX_SECRET';
const TENANT_CLAIM = 'tenant';
export const DEFAULT_EXPIRES_IN = '24h';
export const TENANT_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** `user:EMAIL`, `team:NAME`, `serviceaccount:NAME`, ...: a kind, a colon and a name. */
export const SUBJECT_PATTERN = /^[a-z-]+:\S+$/;


export type VerifyResult = { ok: true; caller: Caller } | { ok: false; reason: string };

export function randomSecret(): string {
  return base64url(randomBytes(32));
}

export function defaultSubject(tenant: string): string {
  return `user:developer@${tenant}.example`;
}

export function checkTenant(tenant: string): void {
  if (!TENANT_PATTERN.test(tenant)) {
    throw new Error(`tenant must be 1 to 63 lower-case letters, digits or '-', starting with a letter or digit (got ${JSON.stringify(tenant)})`);
  }
}

export function checkSubject(subject: string): void {
  if (!SUBJECT_PATTERN.test(subject)) throw new Error(`subject must look like user:EMAIL or team:NAME (got ${JSON.stringify(subject)})`);
}

/** A signing key of fixed length, whatever the length of the secret a person typed. */
/** The HS256 key of a secret: the same bytes as always (tokens stay valid across versions), imported once. */
async function keyOf(secret: string): Promise<CryptoKey> {
  return hmacKey(await sha256(`${ISSUER}\u0000${secret}`), ['sign', 'verify']);
}

function checkSecret(secret: string): void {
  if (secret === '') throw new Error('the sandbox secret must not be empty');
}

export interface TokenIssuer {
  sign(tenant: string, subject?: string, expiresIn?: string): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/** Most verified tokens kept; past it the cache starts again (a partner's test suite uses a handful). */
const VERIFIED_CACHE_LIMIT = 1_000;

interface VerifiedToken {
  caller: Caller;
  /** the token's `exp`, in ms since the epoch */
  expiresAtMs: number;
}

export function createTokenIssuer(secret: string): TokenIssuer {
  // An empty secret is refused here, synchronously, as before. The key's digest (async in Web Crypto) is
  // made on first use, so creating an issuer stays synchronous and does no crypto even when called at
  // global scope (workerd refuses some of it there).
  checkSecret(secret);
  let key: Promise<CryptoKey> | undefined;
  const signingKey = (): Promise<CryptoKey> => {
    if (key === undefined) key = keyOf(secret);
    return key;
  };
  // Checking an HMAC signature costs ~100 µs in jose, more than the rest of a sandbox GET. The same
  // token string under the same key verifies the same way until it expires, so a success is kept
  // until its `exp`; failures are checked again every time (and never stored).
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, caller: Caller, exp: number | undefined) => {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
    verified.set(token, { caller, expiresAtMs: exp * 1000 });
  };
  return {
    async sign(tenant, subject = defaultSubject(tenant), expiresIn = DEFAULT_EXPIRES_IN) {
      checkTenant(tenant);
      checkSubject(subject);
      return new SignJWT({ [TENANT_CLAIM]: tenant })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(await signingKey());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known !== undefined) {
        const stillValid = Date.now() < known.expiresAtMs;
        if (stillValid) return { ok: true, caller: known.caller };
        verified.delete(token);
      }
      try {
        // `exp` is required: a token without one would be accepted forever (the token command always sets it).
        const { payload } = await jwtVerify(token, await signingKey(), { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp'] });
        const tenant = payload[TENANT_CLAIM];
        const subject = payload.sub;
        if (typeof tenant !== 'string' || !TENANT_PATTERN.test(tenant)) return { ok: false, reason: 'The bearer token names no valid tenant' };
        if (typeof subject !== 'string' || subject === '') return { ok: false, reason: 'The bearer token names no subject' };
        const caller = { tenant, subject };
        remember(token, caller, payload.exp);
        return { ok: true, caller };
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
    },
  };
}

/** Why a token was refused, in words that never include the token. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return `The bearer token has expired; get a new one with \`${COMMAND} token --tenant NAME\``;
  if (error instanceof errors.JWSSignatureVerificationFailed) return "The bearer token is not signed with this sandbox's secret";
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'exp' && error.reason === 'missing') {
    return `The bearer token has no expiry (exp claim); get one that expires with \`${COMMAND} token --tenant NAME\``;
  }
  if (error instanceof errors.JWTClaimValidationFailed) return `The bearer token's ${error.claim} claim is not valid for this sandbox`;
  return `The bearer token is not a sandbox token (a JWT from \`${COMMAND} token\`)`;
}

/** Parses "90s", "15m", "1h", "7d" (what jose accepts too); refuses anything else with a clear message. */
export function checkExpiresIn(value: string): string {
  if (!/^\d+\s*(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days|w|week|weeks)$/i.test(value.trim())) {
    throw new Error(`--expires-in must be a duration such as 30m, 1h or 7d (got ${JSON.stringify(value)})`);
  }
  return value.trim();
}
