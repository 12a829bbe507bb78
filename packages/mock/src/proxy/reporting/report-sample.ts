// The one example the report keeps of each aggregated finding: the finding's message, and for a body place a short
// excerpt of the value there. Neither may show a credential or a secret: the excerpt is cut from the body as
// redactBody masks it, and both are masked again with every secret string the exchange carried, in case a
// message quotes one.
import type { CheckedExchange, Finding, SeenBody } from '../../conformance/checking/checked-exchange.js';
import { redactBody, redactHeaders } from '../../journal/redaction.js';
import { isSecretKey } from '@vendor/spec-model';
import { parseFindingPath, valueAtPlace } from '../../conformance/provenance/provenance-paths.js';

export interface FindingSample {
  /** the finding's message, secrets masked */
  message: string;
  /** the value at the finding's place (JSON text, at most EXCERPT_LENGTH characters), from the redacted body */
  excerpt?: string;
  /** the status of the exchange the sample comes from */
  status: number;
}

/** Long enough to show a surprising enum value or a short object, short enough for one table cell. */
const EXCERPT_LENGTH = 80;

export function sampleOf(finding: Finding, exchange: CheckedExchange): FindingSample {
  const excerpt = excerptOf(finding, exchange);
  // redactBody masks every string found under a secret key wherever else it occurs in the same value: wrapping
  // the message and the excerpt with the exchange's secrets masks any of them they quote.
  const wrapped = {
    secret: exchangeSecrets(exchange),
    request: jsonOf(exchange.requestBody),
    response: jsonOf(exchange.responseBody),
    sample: { message: finding.message, excerpt: excerpt ?? null },
  };
  const masked = redactBody(wrapped) as { sample: { message: string; excerpt: string | null } };
  const sample: FindingSample = { message: masked.sample.message, status: exchange.status };
  // Cut only after masking: a secret cut short first would no longer match itself and slip through.
  if (masked.sample.excerpt !== null) sample.excerpt = shortened(masked.sample.excerpt);
  return sample;
}

function jsonOf(body: SeenBody): unknown {
  if (body.kind === 'json') return body.value;
  return null;
}

/** The redacted value at a body finding's place, as JSON text (shortened by the caller, after masking); none for other places or an absent value. */
function excerptOf(finding: Finding, exchange: CheckedExchange): string | undefined {
  const place = parseFindingPath(finding.path);
  if (place.place !== 'body') return undefined;
  const body = finding.direction === 'request' ? exchange.requestBody : exchange.responseBody;
  if (body.kind !== 'json') return undefined;
  // Redact the whole body first: a secret key above the place (`secrets[0].value`) masks what lies below it.
  const value = valueAtPlace(redactBody(body.value), place.segments);
  if (value === undefined) return undefined;
  return JSON.stringify(value);
}

function shortened(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  return `${text.slice(0, EXCERPT_LENGTH - 1)}…`;
}

/** Credentials of the request's and response's headers, and values of query parameters with a secret name. */
function exchangeSecrets(exchange: CheckedExchange): string[] {
  const secrets = [...credentialValues(exchange.requestHeaders), ...credentialValues(exchange.responseHeaders)];
  for (const [name, value] of exchange.query) {
    if (isSecretKey(name)) secrets.push(value);
  }
  return secrets.filter((secret) => secret !== '');
}

/** redactHeaders decides which headers are credentials: those whose value it changed. */
function credentialValues(headers: CheckedExchange['requestHeaders']): string[] {
  const redacted = redactHeaders(headers);
  const values: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (redacted[name.toLowerCase()] !== text) values.push(...credentialParts(text));
  }
  return values;
}

/**
 * The secret parts of a credential header: the token after a scheme (`Bearer tok` -> `tok`), each cookie's value
 * (`a=1; sid=xyz` -> `1`, `xyz`), else the whole value. Scheme words are left out, so "Bearer" stays readable.
 */
function credentialParts(value: string): string[] {
  return value.split(/[;,]/).map((piece) => credentialPart(piece.trim()));
}

function credentialPart(piece: string): string {
  const space = piece.indexOf(' ');
  const equals = piece.indexOf('=');
  const hasScheme = space > 0 && (equals < 0 || space < equals);
  if (hasScheme) return piece.slice(space + 1).trim();
  if (equals > 0) return piece.slice(equals + 1).trim();
  return piece;
}
