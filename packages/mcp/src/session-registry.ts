// The Streamable HTTP sessions of one server: each client's transport by its `mcp-session-id`, bounded in time and in
// number. A session idle for longer than `idleMs` is closed; past `max` sessions the one idle the longest is closed
// first. Without both, a client that only ever sends initialize would keep a server and a transport per call, for
// good (2,000 initialize calls took the process from 83 to 201 MB, never freed).
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** a session without a request for this long is closed; default 30 minutes */
  idleMs?: number;
  /** sessions open at once; past it the one idle the longest is closed; default 1,000 */
  max?: number;
}

export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
export const DEFAULT_MAX_SESSIONS = 1_000;

export interface SessionRegistry {
  /** The session's transport, marked as used now; undefined when there is none (never opened, expired or dropped). */
  use(id: string): StreamableHTTPServerTransport | undefined;
  /** Adds a session that has just been initialized, closing the one idle the longest when past the cap. */
  add(id: string, transport: StreamableHTTPServerTransport): void;
  remove(id: string): void;
  readonly size: number;
  closeAll(): Promise<void>;
}

export function createSessionRegistry(limits: SessionLimits = {}, now: () => number = Date.now): SessionRegistry {
  const idleMs = limits.idleMs ?? DEFAULT_SESSION_IDLE_MS;
  const max = limits.max ?? DEFAULT_MAX_SESSIONS;
  // Map order is recency order: a session is re-inserted last each time it is used, so the first is the one idle longest.
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; usedAt: number }>();

  const close = (id: string) => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    // Closing ends the session's open streams; the transport's onclose also removes it (nothing left to remove).
    void session.transport.close().catch(() => {});
  };

  const closeIdle = () => {
    const idleSince = now() - idleMs;
    for (const [id, session] of sessions) {
      if (session.usedAt > idleSince) break;
      close(id);
    }
  };
  // A sweep a few times per idle period; unref'd, so it never keeps the process alive.
  const sweep = setInterval(closeIdle, Math.max(1_000, Math.min(idleMs / 4, 60_000)));
  sweep.unref();

  return {
    use(id) {
      const session = sessions.get(id);
      if (session === undefined) return undefined;
      const isExpired = session.usedAt <= now() - idleMs;
      if (isExpired) {
        close(id);
        return undefined;
      }
      sessions.delete(id);
      session.usedAt = now();
      sessions.set(id, session);
      return session.transport;
    },
    add(id, transport) {
      sessions.set(id, { transport, usedAt: now() });
      while (sessions.size > max) close(sessions.keys().next().value!);
    },
    remove(id) {
      sessions.delete(id);
    },
    get size() {
      return sessions.size;
    },
    async closeAll() {
      clearInterval(sweep);
      const transports = [...sessions.values()].map((session) => session.transport);
      sessions.clear();
      for (const transport of transports) await transport.close();
    },
  };
}
