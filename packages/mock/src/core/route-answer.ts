// The routes beside the API's operations (/_sandbox/*, /_mock/*) answer plain JSON, worked out asynchronously:
// this sends that answer, or a 500 naming the route (and a warning) when working it out failed.
import type { Reply } from './exchange.js';
import { sendJson } from './response-writer.js';

export interface RouteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function sendRouteAnswer(reply: Reply, answer: Promise<RouteAnswer>, route: string, warn: (line: string) => void): void {
  void answer.then(
    ({ status, body, headers }) => sendJson(reply, status, body, headers),
    (error: Error) => {
      warn(`${route}: ${error.message}`);
      sendJson(reply, 500, { statusCode: 500, message: `${route} failed; see the mock's log` });
    },
  );
}
