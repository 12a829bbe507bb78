// Sends one request to its upstream with node:http(s) and hands back the answer's status, headers and body stream,
// or why the upstream could not be reached. node:http rather than fetch: it sends the method, path, headers and
// body as they came (a Host header of our choosing included) and lets the body stream back unread.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AnswerHeaders, RequestHeaders } from '../../core/exchange.js';
import { endToEndHeaders } from './hop-by-hop.js';
import { upstreamPath, type Upstream } from './upstreams.js';

/** How long the upstream may stay silent (connecting, before its answer, between chunks): generous, as model calls are slow. */
export const UPSTREAM_TIMEOUT_MS = 120_000;

export interface ForwardedRequest {
  method: string;
  /** path and query as the client sent them */
  target: string;
  headers: RequestHeaders;
  /** the whole body (the proxy has read it to check it) */
  body: Uint8Array;
  /** whether the client sent a body at all (Content-Length or Transfer-Encoding), even an empty one */
  hasBody: boolean;
}

export type ForwardResult =
  | { kind: 'answer'; status: number; headers: AnswerHeaders; body: IncomingMessage }
  /** `reason` is a few words (connection refused, ...), never the error's text, which may name the full URL */
  | { kind: 'unreachable'; reason: string };

/** Keep-alive connections to the upstreams, one pool per scheme; destroyed when the proxy closes. */
export interface UpstreamAgents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

export function createUpstreamAgents(): UpstreamAgents {
  const http = new HttpAgent({ keepAlive: true });
  const https = new HttpsAgent({ keepAlive: true });
  return {
    http,
    https,
    destroy() {
      http.destroy();
      https.destroy();
    },
  };
}

export function forwardRequest(upstream: Upstream, request: ForwardedRequest, agents: UpstreamAgents): Promise<ForwardResult> {
  const isHttps = upstream.url.protocol === 'https:';
  const send = isHttps ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send({
      protocol: upstream.url.protocol,
      hostname: upstream.url.hostname.replace(/^\[|\]$/g, ''),
      port: upstream.url.port,
      method: request.method,
      path: upstreamPath(upstream, request.target),
      headers: upstreamHeaders(upstream, request),
      agent: isHttps ? agents.https : agents.http,
      timeout: UPSTREAM_TIMEOUT_MS,
    });
    outgoing.on('timeout', () => outgoing.destroy(timeoutError()));
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'unreachable', reason: unreachableReason(error) }));
    outgoing.on('response', (answer) => {
      resolve({ kind: 'answer', status: answer.statusCode ?? 502, headers: endToEndHeaders(answer.headers), body: answer });
    });
    if (request.hasBody) outgoing.end(request.body);
    else outgoing.end();
  });
}

/** The client's headers minus hop-by-hop ones, Host set to the upstream's, the length of the body as read. */
function upstreamHeaders(upstream: Upstream, request: ForwardedRequest): AnswerHeaders {
  const headers = endToEndHeaders(request.headers);
  headers.host = upstream.host;
  // The body is sent whole, so its length is known; `Expect: 100-continue` would only make the upstream wait.
  delete headers['content-length'];
  delete headers.expect;
  if (request.hasBody) headers['content-length'] = String(request.body.length);
  return headers;
}

function timeoutError(): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error('upstream timeout');
  error.code = 'ETIMEDOUT';
  return error;
}

/** A few words on why the upstream could not be reached, from the error's code only. */
export function unreachableReason(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found (DNS)';
  if (code === 'ETIMEDOUT') return `no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) return 'TLS handshake failed';
  if (code !== '') return `connection failed (${code})`;
  return 'connection failed';
}
