// GET /livez and GET /readyz, for a balancer's and an orchestrator's probes, on the serving port and the metrics port
// alike. /livez: the process answers. /readyz: it can serve, that is it is not draining (a SIGTERM was received:
// the balancer must stop sending before the port closes) and its database, when it has one, answers.
import type { IncomingRequest, Reply } from '../core/exchange.js';
import { sendRouteAnswer, type RouteAnswer } from '../core/route-answer.js';

export const LIVEZ_PATH = '/livez';
export const READYZ_PATH = '/readyz';

export interface HealthDeps {
  /** resolves when the database answers, rejects when it does not; undefined without a database */
  pingDatabase?: () => Promise<void>;
  /** the database went down or came back (a readiness check noticed): the JSON log's event */
  onDatabaseChange?: (up: boolean, reason: string | undefined) => void;
}

export interface Health {
  /** from now on /readyz answers 503 (the instance is draining); the serving goes on */
  startDraining(): void;
  readonly draining: boolean;
  /** whether the instance can serve now, and when not, why */
  readiness(): Promise<{ ready: boolean; reason?: 'draining' | 'database unavailable' }>;
  /** the store is known now (the sandbox starts after the health routes) */
  setDatabase(pingDatabase: (() => Promise<void>) | undefined): void;
}

export function createHealth(deps: HealthDeps = {}): Health {
  let draining = false;
  let pingDatabase = deps.pingDatabase;
  let databaseUp = true;
  const noteDatabase = (up: boolean, reason?: string) => {
    if (up === databaseUp) return;
    databaseUp = up;
    deps.onDatabaseChange?.(up, reason);
  };
  return {
    startDraining: () => void (draining = true),
    get draining() {
      return draining;
    },
    async readiness() {
      if (draining) return { ready: false, reason: 'draining' };
      if (pingDatabase === undefined) return { ready: true };
      try {
        await pingDatabase();
        noteDatabase(true);
        return { ready: true };
      } catch (error) {
        noteDatabase(false, (error as Error)?.message);
        return { ready: false, reason: 'database unavailable' };
      }
    },
    setDatabase: (ping) => void (pingDatabase = ping),
  };
}

/** Answers /livez and /readyz (GET or HEAD); false for any other path. */
export function answerHealthRoute(request: IncomingRequest, reply: Reply, pathname: string, health: Health, warn: (line: string) => void): boolean {
  const isLivez = pathname === LIVEZ_PATH;
  if (!isLivez && pathname !== READYZ_PATH) return false;
  request.discardBody();
  sendRouteAnswer(reply, healthAnswer(request.method, isLivez, health), `${request.method} ${pathname}`, warn);
  return true;
}

async function healthAnswer(method: string, isLivez: boolean, health: Health): Promise<RouteAnswer> {
  const isProbe = method === 'GET' || method === 'HEAD';
  if (!isProbe) return { status: 405, body: { statusCode: 405, message: `${method} is not allowed; use GET` }, headers: { allow: 'GET, HEAD' } };
  // Probes must see the state of now, never a cached answer.
  const headers = { 'cache-control': 'no-store' };
  if (isLivez) return { status: 200, body: { status: 'ok' }, headers };
  const { ready, reason } = await health.readiness();
  if (ready) return { status: 200, body: { status: 'ready' }, headers };
  return { status: 503, body: { status: 'not ready', reason }, headers };
}
