// Streamable HTTP at /mcp: one MCP session per client (`mcp-session-id`), each with its own server and transport
// (the SDK connects one transport to one server). On loopback, requests are accepted only with a Host header of
// the address served, so a web page cannot reach the server through a rebound DNS name. Sessions expire when idle and
// are capped (session-registry.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { allowedHosts, isAllowedHost } from '@vendor/host-check';
import { isLoopbackHost } from './loopback.js';
import { createSessionRegistry, type SessionLimits } from './session-registry.js';

export const MCP_PATH = '/mcp';

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:3000/mcp */
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(
  newServer: () => Server,
  { port, host, sessions: sessionLimits, now }: { port: number; host: string; sessions?: SessionLimits; now?: () => number },
): Promise<RunningHttpServer> {
  // `now`: the sessions' clock, so a test can pass the idle time without waiting for it.
  const sessions = createSessionRegistry(sessionLimits, now);
  // Until the port is known, nothing is allowed; `undefined`: any Host (an address other than loopback).
  let acceptedHosts: ReadonlySet<string> | undefined = new Set();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path !== MCP_PATH) return answerJson(response, 404, { error: `Not found: the MCP endpoint is ${MCP_PATH}` });
    const isAcceptedHost = acceptedHosts === undefined || isAllowedHost(request.headers.host, acceptedHosts);
    if (!isAcceptedHost) {
      return answerJson(response, 403, { error: 'Forbidden: the Host header does not name this server' });
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.use(sessionId);
      if (transport === undefined) return answerRpcError(response, 404, 'Session not found (or expired): start a new session with initialize');
      return transport.handleRequest(request, response);
    }
    // No session yet: the transport answers anything but an initialize request with an error itself.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.add(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.remove(transport.sessionId);
    };
    await newServer().connect(transport);
    return transport.handleRequest(request, response);
  };

  const http: HttpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`api-mcp: ${request.method} ${MCP_PATH} failed: ${(error as Error)?.message ?? error}\n`);
      if (!response.headersSent) answerRpcError(response, 500, 'Internal error');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const authority = address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;
  acceptedHosts = hostNames(host, address);

  return {
    url: `http://${authority}${MCP_PATH}`,
    async close() {
      await sessions.closeAll();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}

/**
 * On loopback, the Host headers that name this server (the shared rule: loopback names with the port and the address
 * bound); elsewhere `undefined` (any name may reach it).
 */
function hostNames(host: string, address: AddressInfo): ReadonlySet<string> | undefined {
  if (!isLoopbackHost(host)) return undefined;
  return allowedHosts(address.port, [], address.address);
}

function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function answerRpcError(response: ServerResponse, status: number, message: string): void {
  answerJson(response, status, { jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}
