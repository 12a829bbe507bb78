// Sandbox tokens: HS256 JWTs (jose) that carry the tenant and the subject, signed with the sandbox's newest signing
// key (its `kid` in the JWS header) and checked with whichever listed key the header names (keys/signing-keys.ts).
// Each carries a `jti`, so that one token can be revoked. The secrets and the tokens never appear in an error or a log line.
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { DEFAULT_KID, singleKey, type SigningKey } from './keys/signing-keys.js';
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


/** What a verified token says beyond its caller: what revocation and a tenant's deletion are checked against. */
export interface TokenFacts {
  /** the token's id (`jti`); undefined for a token made before tokens carried one */
  jti: string | undefined;
  /** when it was signed, in seconds since the epoch (`iat`) */
  issuedAt: number;
  /** the key it was signed with */
  kid: string;
}

export type VerifyResult = { ok: true; caller: Caller; token: TokenFacts } | { ok: false; reason: string };

/** What signing gives: the token and the facts it carries. */
export interface SignedToken {
  token: string;
  jti: string;
  /** `exp`, in seconds since the epoch */
  expiresAt: number;
  kid: string;
}

export interface SignOptions {
  subject?: string;
  expiresIn?: string;
  /** `iat` in seconds since the epoch; default now (a re-created tenant's tokens must not predate its re-creation) */
  issuedAt?: number;
  /** sign with this listed key instead of the newest (`token --kid`) */
  kid?: string;
}

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
  /** Signs and says what it signed (the admin API answers the jti and the expiry). */
  issue(tenant: string, options?: SignOptions): Promise<SignedToken>;
  verify(token: string): Promise<VerifyResult>;
  /** the kid of the key that signs */
  readonly signingKid: string;
}

/** Most verified tokens kept; past it the cache starts again (a partner's test suite uses a handful). */
const VERIFIED_CACHE_LIMIT = 1_000;

interface VerifiedToken {
  caller: Caller;
  token: TokenFacts;
  /** the token's `exp`, in ms since the epoch */
  expiresAtMs: number;
}

/** One secret (kid "default") or the listed keys, newest first. */
export function createTokenIssuer(secretOrKeys: string | readonly SigningKey[]): TokenIssuer {
  // An empty secret is refused here, synchronously, as before. Each key's digest (async in Web Crypto) is
  // made on first use, so creating an issuer stays synchronous and does no crypto even when called at
  // global scope (workerd refuses some of it there).
  const keys = typeof secretOrKeys === 'string' ? singleKey(secretOrKeys) : [...secretOrKeys];
  if (keys.length === 0) throw new Error('the sandbox needs at least one signing key');
  for (const key of keys) checkSecret(key.secret);
  const imported = new Map<string, Promise<CryptoKey>>();
  const keyOfKid = (kid: string): Promise<CryptoKey> | undefined => {
    const listed = keys.find((key) => key.kid === kid);
    if (listed === undefined) return undefined;
    let key = imported.get(kid);
    if (key === undefined) {
      key = keyOf(listed.secret);
      imported.set(kid, key);
    }
    return key;
  };
  const newest = keys[0]!.kid;
  // Checking an HMAC signature costs ~100 µs in jose, more than the rest of a sandbox GET. The same
  // token string under the same key verifies the same way until it expires, so a success is kept
  // until its `exp`; failures are checked again every time (and never stored).
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, known: VerifiedToken) => {
    if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
    verified.set(token, known);
  };
  const issue = async (tenant: string, options: SignOptions = {}): Promise<SignedToken> => {
    const subject = options.subject ?? defaultSubject(tenant);
    checkTenant(tenant);
    checkSubject(subject);
    const kid = options.kid ?? newest;
    const key = keyOfKid(kid);
    if (key === undefined) throw new Error(`kid must name one of the signing keys (${keys.map((k) => k.kid).join(', ')}); got ${JSON.stringify(kid)}`);
    const jti = base64url(randomBytes(16));
    const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? DEFAULT_EXPIRES_IN;
    const token = await new SignJWT({ [TENANT_CLAIM]: tenant })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtOf(expiresIn, issuedAt))
      .sign(await key);
    return { token, jti, expiresAt: expiresAtOf(expiresIn, issuedAt), kid };
  };
  return {
    signingKid: newest,
    issue,
    async sign(tenant, subject, expiresIn) {
      return (await issue(tenant, { ...(subject !== undefined && { subject }), ...(expiresIn !== undefined && { expiresIn }) })).token;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known !== undefined) {
        const stillValid = Date.now() < known.expiresAtMs;
        if (stillValid) return { ok: true, caller: known.caller, token: known.token };
        verified.delete(token);
      }
      try {
        // A token without a kid was signed before tokens carried one: by the one --secret key.
        const kid = kidOf(token) ?? DEFAULT_KID;
        const key = keyOfKid(kid);
        if (key === undefined) return { ok: false, reason: `The bearer token is signed with a key this sandbox no longer has (kid ${JSON.stringify(kid)}); get a new token` };
        // `exp` is required: a token without one would be accepted forever (the token command always sets it).
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp'] });
        const tenant = payload[TENANT_CLAIM];
        const subject = payload.sub;
        if (typeof tenant !== 'string' || !TENANT_PATTERN.test(tenant)) return { ok: false, reason: 'The bearer token names no valid tenant' };
        if (typeof subject !== 'string' || subject === '') return { ok: false, reason: 'The bearer token names no subject' };
        const caller = { tenant, subject };
        const facts: TokenFacts = { jti: typeof payload.jti === 'string' ? payload.jti : undefined, issuedAt: payload.iat ?? 0, kid };
        remember(token, { caller, token: facts, expiresAtMs: payload.exp! * 1000 });
        return { ok: true, caller, token: facts };
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
    },
  };
}

/** The kid of a token's header; undefined when it has none, or is no JWS at all (jwtVerify says why then). */
function kidOf(token: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

const SECONDS_OF_UNIT: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800, y: 31_557_600 };

/** `exp` of a token signed at `issuedAt` (seconds) that lives `expiresIn` ("90s", "1h", "-1m"): jose's reading of the same text. */
function expiresAtOf(expiresIn: string, issuedAt: number): number {
  const match = /^(-?\d+)\s*([a-z]+)$/i.exec(expiresIn.trim());
  const unit = match?.[2]!.toLowerCase()[0];
  // jose's spellings all start with their unit's letter: "min"/"minutes" (m), "hr"/"hours" (h), "yr"/"years" (y, 365.25 days as jose counts).
  const seconds = unit === undefined ? undefined : SECONDS_OF_UNIT[unit];
  if (match === null || seconds === undefined) throw new Error(`expiresIn must be a duration such as 30m, 1h or 7d (got ${JSON.stringify(expiresIn)})`);
  return issuedAt + Number(match[1]) * seconds;
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
