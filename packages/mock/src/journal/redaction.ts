// What the request journal may show of a request: credentials in headers and secrets in JSON bodies become `***`.
// Bodies use the client's rule (isSecretKey, from @vendor/spec-model), so the journal hides what the client's logs hide.
// Pure: no Node built-ins, since the mock also runs in browsers and workerd.
import { collectSecrets, isSecretKey } from '@vendor/spec-model';
import { joinedHeaders, type HeadersToJoin } from '../core/joined-headers.js';

/** What a redacted value is shown as. */
export const MASK = '***';

/** Request headers as node:http or a fetch Request give them; repeated headers may come as a list. */
export type HeadersToRedact = HeadersToJoin;

/** Headers that carry credentials whatever the secret rule says of their names. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

/**
 * The headers by lower-case name, each one value (lists joined with ", ", as HTTP joins repeated headers), with
 * credentials masked: `authorization` keeps its scheme when it is a bearer token (`Bearer ***`), and `cookie`,
 * `proxy-authorization`, `x-api-key` and names the secret rule matches (e.g. `x-auth-token`) become `***`.
 */
export function redactHeaders(headers: HeadersToRedact): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(joinedHeaders(headers))) {
    redacted[name] = redactHeader(name, value);
  }
  return redacted;
}

function redactHeader(name: string, value: string): string {
  if (name === 'authorization') return redactAuthorization(value);
  if (isCredentialHeader(name)) return MASK;
  return value;
}

function isCredentialHeader(name: string): boolean {
  if (CREDENTIAL_HEADERS.has(name)) return true;
  return isSecretKey(name);
}

/** Keeping the word Bearer tells whether a bearer token was sent, which is what a reader debugging auth asks. */
function redactAuthorization(value: string): string {
  if (/^bearer(\s|$)/i.test(value)) return 'Bearer ***';
  return MASK;
}

/**
 * Deep copy of a parsed JSON body with secrets masked, as the client's errors and logs mask them:
 * - everything below a key `isSecretKey` matches is secret (`{ secrets: [{ key, value }] }` hides both);
 *   there every leaf becomes `***` except `null` and `""`, which hide nothing and tell that no value was sent;
 * - a secret string found there is also masked wherever else it appears, in values and keys (whole strings only
 *   when shorter than 4 characters, so that a short secret cannot garble the rest), as the client's `redact` does.
 * A text body (not JSON) has no keys to go by and comes back unchanged, as in the client.
 */
export function redactBody(body: unknown): unknown {
  const secrets = collectSecrets(body);
  return redactValue(body, false, secrets);
}

function redactValue(value: unknown, insideSecret: boolean, secrets: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, insideSecret, secrets));
  if (isObject(value)) return redactObject(value, insideSecret, secrets);
  if (insideSecret) return maskLeaf(value);
  if (typeof value === 'string') return maskKnownSecrets(value, secrets);
  return value;
}

function redactObject(object: object, insideSecret: boolean, secrets: readonly string[]): Record<string, unknown> {
  // fromEntries defines properties, so a key such as "__proto__" stays a plain key of the copy.
  return Object.fromEntries(
    Object.entries(object).map(([key, child]) => [
      maskKnownSecrets(key, secrets),
      redactValue(child, insideSecret || isSecretKey(key), secrets),
    ]),
  );
}

function maskLeaf(value: unknown): unknown {
  if (value === null) return null;
  if (value === '') return '';
  return MASK;
}

function maskKnownSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    if (masked === secret) masked = MASK;
    else if (secret.length > 3) masked = masked.split(secret).join(MASK);
  }
  return masked;
}

/** Own keys and values of an object or array (array indexes are keys too, and never secret ones). */
function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
