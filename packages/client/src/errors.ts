import type { OperationDescriptor } from './descriptor.js';

/** What every failed call's error carries (never credentials), plus the fields of the subclass. */
type ErrorInfo = { operationId: string; method: string; url: string } & Record<string, unknown>;

/** Base class of every error the client throws for a failed call (aborts reject with the signal's reason instead). */
export class PlatformError extends Error {
  // Explicit names: bundlers' minifiers rename classes.
  override name = 'PlatformError';
  /** The operation that failed, e.g. `getTeam`. */
  declare readonly operationId: string;
  /** Upper-case HTTP method. */
  declare readonly method: string;
  /** Request URL (base URLs never carry credentials: the client refuses them). */
  declare readonly url: string;

  constructor(message: string, info: ErrorInfo, options?: { cause?: unknown }) {
    super(message, options);
    Object.assign(this, info);
  }
}

/** The server answered with a non-2xx status. `body` is the parsed error body in the operation's error schema. */
export class PlatformApiError<TBody = unknown> extends PlatformError {
  override name = 'PlatformApiError';
  /** HTTP status code. */
  declare readonly status: number;
  /** Parsed JSON error body (secret values redacted); `undefined` when the body was empty or not JSON. */
  declare readonly body: TBody | undefined;
  /** The body as text when it was not JSON (e.g. an HTML page from a proxy), secret values redacted. */
  declare readonly rawBody: string | undefined;
  /** The `x-request-id` response header, when present: quote it when reporting a problem. */
  declare readonly requestId: string | undefined;
  /** Which of the API's three error shapes this operation uses (`x-error-shape`). */
  declare readonly errorShape: OperationDescriptor['errorShape'];
}

/** The request never got an HTTP response (DNS failure, refused or reset connection, TLS error, ...). */
export class PlatformConnectionError extends PlatformError {
  override name = 'PlatformConnectionError';
}

/** An attempt took longer than `timeoutMs` (after the last retry). */
export class PlatformTimeoutError extends PlatformError {
  override name = 'PlatformTimeoutError';
  /** The per-attempt time limit that was exceeded, in milliseconds. */
  declare readonly timeoutMs: number;
}

export const isString = (v: unknown): v is string => typeof v == 'string';

/** Throws a TypeError (invalid options and arguments). */
export const fail = (message: string): never => {
  throw new TypeError(message);
};

/**
 * One readable line from whichever error shape came back:
 * ml `{detail: [{loc, msg}]}`, control plane `{statusCode, message}`, gateway `{error: {message, code}}`.
 */
export function errorDetail(body: any): string | undefined {
  if (isString(body)) return body.trim().slice(0, 500) || undefined;
  const { detail, error, message } = body ?? {};
  return Array.isArray(detail) && detail.length
    ? detail
        .map((d) =>
          [d?.loc?.filter?.((x: unknown) => x != 'body').join('.'), isString(d?.msg) ? d.msg : JSON.stringify(d)].filter(Boolean).join(': '),
        )
        .join('; ')
    : isString(detail)
      ? detail
      : isString(error?.message)
        ? error.message + (isString(error.code) ? ` (${error.code})` : '')
        : isString(message)
          ? message
          : undefined;
}

// Keys whose string values (and everything below them) may be secret: passwords, secret values, auth data, headers.
const SECRET_KEY = /pass|secret|token|api.?key|authori[sz]ation|credential|private|^(value|ca_cert|auth_data|(additional_)?headers|env)$/i;

/** Collects the string values of a request body that may be secret. */
export function collectSecrets(value: any, into: string[] = [], inSecret?: boolean): string[] {
  if (isString(value)) inSecret && value && into.push(value);
  else if (value && typeof value == 'object') for (const k in value) collectSecrets(value[k], into, inSecret || SECRET_KEY.test(k));
  return into;
}

/**
 * Deep copy of `value` with each secret replaced by `[REDACTED]`. Secrets shorter than 4 characters are only
 * replaced as whole strings, so that redaction cannot garble a message.
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  let out: any = value;
  if (isString(out)) for (const s of secrets) out = out === s ? '[REDACTED]' : s.length > 3 ? out.split(s).join('[REDACTED]') : out;
  else if (out && typeof out == 'object') {
    out = Array.isArray(value) ? [] : {};
    for (const k in value) out[redact(k, secrets)] = redact(value[k], secrets);
  }
  return out;
}
