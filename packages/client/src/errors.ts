import type { OperationDescriptor } from './descriptor.js';
import type { OperationErrorBodies } from './generated/methods.js';
import type { OperationId } from './generated/operations.js';

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

/** Narrows an unknown error to a `PlatformApiError` of `operationId`, typing `body` as that operation's error schema. */
export function isPlatformApiError<Id extends OperationId>(
  error: unknown,
  operationId?: Id,
): error is PlatformApiError<OperationErrorBodies[Id]> {
  const isOfOperation = operationId === undefined || (error as PlatformApiError).operationId === operationId;
  return error instanceof PlatformApiError && isOfOperation;
}

export const isString = (value: unknown): value is string => typeof value === 'string';

/** Throws a TypeError: the caller passed an invalid option or argument. */
export function fail(message: string): never {
  throw new TypeError(message);
}

/** What the client knows about a request when it turns a response into an error. */
export interface RequestFacts {
  /** What every error of the request carries. */
  info: { operationId: string; method: string; url: string };
  errorShape: OperationDescriptor['errorShape'];
  /** Values that must not appear in an error or a log: the token and the request body's secrets. */
  secrets: () => readonly string[];
}

/** The error for a non-2xx response: message and body built from the redacted body, so no secret can leak. */
export function apiErrorFromResponse(response: Response, parsedBody: unknown, request: RequestFacts): PlatformApiError {
  const { status, statusText } = response;
  const body = redact(parsedBody, request.secrets());
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const detail = errorDetail(body);
  let message = `${request.info.operationId} failed with status ${status}`;
  if (statusText) message += ' ' + statusText;
  if (detail) message += ': ' + detail;
  if (requestId) message += ` (request id ${requestId})`;
  // A body that is not JSON (an HTML page from a proxy, say) is kept as text, apart from the parsed one.
  const isText = isString(body);
  return new PlatformApiError(message, {
    ...request.info,
    status,
    body: isText ? undefined : body,
    rawBody: isText ? body : undefined,
    requestId,
    errorShape: request.errorShape,
  });
}

/**
 * One readable line from whichever error shape came back:
 * ml `{detail: [{loc, msg}]}`, control plane `{statusCode, message}`, gateway `{error: {message, code}}`.
 */
export function errorDetail(body: any): string | undefined {
  if (isString(body)) return body.trim().slice(0, 500) || undefined;
  const { detail, error, message } = body ?? {};
  if (Array.isArray(detail) && detail.length > 0) return detail.map(validationIssue).join('; ');
  if (isString(detail)) return detail;
  if (isString(error?.message)) {
    const code = isString(error.code) ? ` (${error.code})` : '';
    return error.message + code;
  }
  if (isString(message)) return message;
  return undefined;
}

/** One entry of the ml shape's `detail`: `manifest.name: field required` (the `body` prefix says nothing). */
function validationIssue(issue: any): string {
  const where = issue?.loc?.filter?.((part: unknown) => part !== 'body').join('.');
  const what = isString(issue?.msg) ? issue.msg : JSON.stringify(issue);
  return [where, what].filter(Boolean).join(': ');
}

/**
 * Deep copy of `value` with each secret replaced by `[REDACTED]`. Secrets shorter than 4 characters are only
 * replaced as whole strings, so that redaction cannot garble a message.
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  if (isString(value)) return redactText(value, secrets) as T;
  if (!value || typeof value !== 'object') return value;
  const copy: any = Array.isArray(value) ? [] : {};
  for (const key in value) copy[redactText(key, secrets)] = redact(value[key], secrets);
  return copy;
}

function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out === secret) out = '[REDACTED]';
    else if (secret.length > 3) out = out.split(secret).join('[REDACTED]');
  }
  return out;
}
