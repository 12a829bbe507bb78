// The routes beside the API's operations (/_sandbox/*, /_mock/*) answer plain JSON, worked out asynchronously:
// this sends that answer, or a 500 naming the route (and a warning) when working it out or sending it failed. Every
// failure ends here, never as an unhandled rejection: one bad answer must not stop the process for everyone.
import type { Reply } from './exchange.js';
import { sendJson } from './response-writer.js';

export interface RouteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * JSON text sent piece by piece instead of `body` (the request journal): each piece is made only when the
   * previous one has gone, so a large answer never holds the event loop for long.
   */
  stream?: AsyncIterable<Uint8Array>;
}

/** A request a route's rate limit refused (the sandbox's AdmitVerdict): its message, its headers, its pause. */
export interface RouteRefusal {
  headers: Record<string, string>;
  error?: { message: string };
  /** how long to hold the refusal before answering it, in ms */
  holdMs?: number;
}

/** A route's 429 (in the routes' own `{statusCode, message}`), answered after the pause the rate limit asks for. */
export async function refusedRoute(refusal: RouteRefusal): Promise<RouteAnswer> {
  const holdMs = refusal.holdMs ?? 0;
  if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
  return { status: 429, body: { statusCode: 429, message: refusal.error!.message }, headers: refusal.headers };
}

export function sendRouteAnswer(reply: Reply, answer: Promise<RouteAnswer>, route: string, warn: (line: string) => void): void {
  answer.then((worked) => sendWorked(reply, worked)).catch((error: unknown) => {
    warn(`${route}: ${(error as Error)?.message ?? String(error)}`);
    if (reply.done) return;
    try {
      sendJson(reply, 500, { statusCode: 500, message: `${route} failed; see the mock's log` });
    } catch {
      // The connection is gone: there is no one left to answer.
    }
  });
}

async function sendWorked(reply: Reply, { status, body, headers, stream }: RouteAnswer): Promise<void> {
  if (stream === undefined) return sendJson(reply, status, body, headers);
  await reply.stream(status, { ...headers, 'content-type': headers?.['content-type'] ?? 'application/json' }, [], stream);
}
