// CORS, so a browser app on another origin can call the mock: on by default for every origin.
// A preflight (OPTIONS with Origin and Access-Control-Request-Method) gets 204 with the methods of the
// path and the headers a client sends; every other answer to an allowed origin carries
// Access-Control-Allow-Origin and exposes the headers a client reads (Retry-After, Allow, ...).
import type { IncomingRequest, Reply } from './exchange.js';

export interface CorsOptions {
  /** exact origins allowed, e.g. ['http://localhost:5173']; default: every origin */
  origins?: readonly string[];
}

/** startMock's `cors` option: true (default, every origin), false (no CORS headers at all), or options. */
export type CorsSetting = boolean | CorsOptions;

export interface CorsPolicy {
  /** Headers for an answer to `req` (empty when CORS is off, the request has no Origin, or the origin is not allowed). */
  responseHeaders(req: IncomingRequest): Record<string, string>;
  /** Whether `req` is a CORS preflight the mock answers itself (never when CORS is off). */
  isPreflight(req: IncomingRequest): boolean;
  /** A preflight's status and headers; `methods` are those served on the requested path. */
  preflight(req: IncomingRequest, methods: readonly string[]): { status: number; headers: Record<string, string> };
}

/** Headers clients send: auth, JSON bodies, Prism-style Prefer; the spec's own header parameters are added. */
const REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Prefer', 'Accept'];
/** Response headers a browser script may read; the spec's documented response headers are added. */
const EXPOSED_HEADERS = [
  'Allow',
  'Content-Length',
  'ETag',
  'Link',
  'Location',
  'Retry-After',
  'WWW-Authenticate',
  // the mock's and the sandbox's request id (core/request-id.ts), which clients put on their errors
  'X-Request-Id',
  // a shared sandbox's rate limit (sandbox/limits/rate-limiter.ts)
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];
const PREFLIGHT_MAX_AGE_SECONDS = '600';
/** What a request without an (allowed) Origin gets: one shared empty set, not a new object per request. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * `defaultAllows`: which origins "every origin" (the default setting) means for this policy; all of them unless
 * given. The stateless mock's journal passes isLoopbackOrigin: it has no token to guard it (cors-journal below).
 */
export function createCorsPolicy(
  setting: CorsSetting | undefined,
  spec: { requestHeaders: string[]; responseHeaders: string[] },
  defaultAllows: (origin: string) => boolean = () => true,
): CorsPolicy {
  if (setting === false) {
    return { responseHeaders: () => NO_HEADERS, isPreflight: () => false, preflight: () => ({ status: 404, headers: {} }) };
  }
  const origins = typeof setting === 'object' && setting.origins !== undefined ? new Set(setting.origins) : undefined;
  const allowHeaders = unique([...REQUEST_HEADERS, ...spec.requestHeaders]);
  const exposeHeaders = unique([...EXPOSED_HEADERS, ...spec.responseHeaders]).join(', ');

  const allowedOrigin = (req: IncomingRequest): string | undefined => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === '') return undefined;
    if (origins !== undefined) return origins.has(origin) ? origin : undefined;
    return defaultAllows(origin) ? origin : undefined;
  };
  // The origin is echoed (not `*`), so credentialed requests work too; Vary keeps caches honest.
  const originHeaders = (origin: string) => ({ 'access-control-allow-origin': origin, vary: 'Origin' });

  return {
    responseHeaders(req) {
      const origin = allowedOrigin(req);
      if (origin === undefined) return NO_HEADERS;
      return { ...originHeaders(origin), 'access-control-expose-headers': exposeHeaders };
    },
    isPreflight(req) {
      return req.method === 'OPTIONS' && typeof req.headers.origin === 'string' && req.headers['access-control-request-method'] !== undefined;
    },
    preflight(req, methods) {
      const origin = allowedOrigin(req);
      if (origin === undefined) return { status: 403, headers: { vary: 'Origin' } };
      // Whatever else the page asks to send is allowed too: the mock validates headers, it does not filter them.
      const requested = String(req.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      return {
        status: 204,
        headers: {
          ...originHeaders(origin),
          'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
          'access-control-allow-headers': unique([...allowHeaders, ...requested]).join(', '),
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
          'content-length': '0',
        },
      };
    },
  };
}

/**
 * Whether a page's origin is on this machine (http or https; localhost, *.localhost, 127.0.0.1 or [::1], any port).
 * The stateless mock's request journal has no token to guard it: what other callers sent is readable only by a
 * page on this machine (or an origin listed with --cors-origin), never by any site a browser happens to visit.
 */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
  const host = url.hostname.toLowerCase();
  const isLoopback = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  return isHttp && isLoopback;
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The CORS step of a request pipeline: answers a preflight (returns true: the request is done), or puts
 * the CORS headers on `reply` for whatever answer follows (returns false). `methodsAt(pathname)` gives the
 * methods served on a path. Any server built on the mock (the sandbox too) calls this first.
 */
export function applyCors(policy: CorsPolicy, req: IncomingRequest, reply: Reply, methodsAt: (pathname: string) => readonly string[]): boolean {
  if (policy.isPreflight(req)) {
    const pathname = new URL(req.target, 'http://mock.invalid').pathname;
    const { status, headers } = policy.preflight(req, methodsAt(pathname));
    req.discardBody();
    reply.send(status, headers, '');
    return true;
  }
  const headers = policy.responseHeaders(req);
  for (const name in headers) reply.setHeader(name, headers[name]!);
  return false;
}
