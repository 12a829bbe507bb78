// Postgres through `pg`, for several sandbox instances sharing one database (--database-url).
// Imported only when a sandbox asks for it. The URL (it may hold a password) never reaches a log line.
import type { Pool as PgPool } from 'pg';
import { importOptional } from './optional-import.js';
import type { SqlDriver } from './sql-overlay.js';
import { retryTransient } from './transient-retry.js';
import type { StoreObserver } from './store-observer.js';

type Query = SqlDriver['query'];

/** A query answered this recently (and none failed since) shows the database up, for a health check. */
const RECENT_ANSWER_MS = 1_000;

/** Connections one instance opens at most unless --database-pool says otherwise: what it always opened. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * `max`: connections of this pool (--database-pool for the records; a fleet's own tables take a smaller pool beside it).
 * `observer`: the pool's statistics and a span around each query (observe/), when watched.
 * `serverOptions`: settings for its sessions (`-c name=value`), e.g. the fleet's synchronous_commit=off.
 */
export async function createPgDriver(databaseUrl: string, options: { max?: number; serverOptions?: string; observer?: StoreObserver } = {}): Promise<SqlDriver> {
  const pg = await importOptional('pg', () => import('pg'), 'The sandbox with --database-url');
  const Pool = (pg.default ?? pg).Pool;
  const pool: PgPool = new Pool({ connectionString: databaseUrl, max: options.max ?? DEFAULT_POOL_SIZE, ...(options.serverOptions !== undefined && { options: options.serverOptions }), connectionTimeoutMillis: 5_000, idleTimeoutMillis: 10_000 });
  // An idle connection that the server drops emits 'error' on the pool; without a listener Node would crash.
  // The next query gets a fresh connection, or fails and the sandbox answers 503.
  pool.on('error', () => {});
  const observer = options.observer ?? {};
  observer.watchPool?.(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  const traced = tracedQueries(observer);
  const statementName = createStatementNamer();
  let answeredAt = 0;
  let failedAt = 0;
  const answered = <T>(result: T): T => {
    answeredAt = Date.now();
    return result;
  };
  const failed = (error: unknown): never => {
    failedAt = Date.now();
    throw error;
  };
  return {
    query(sql, params = []) {
      const attempt = async () => answered((await traced(sql, () => pool.query({ name: statementName(sql), text: sql, values: params }))).rows);
      return retryTransient(attempt).catch(failed);
    },
    transaction(work) {
      // A transaction that lost a race was rolled back whole, so running it again is safe.
      return retryTransient(() => traced('BEGIN … COMMIT', () => runTransaction(pool, work)));
    },
    async ping() {
      // Under load, queries answer all the time: a health check then costs no connection of its own.
      const answeredJustNow = Date.now() - answeredAt < RECENT_ANSWER_MS && answeredAt > failedAt;
      if (answeredJustNow) return;
      answered(await pool.query('SELECT 1').catch(failed));
    },
    close: () => pool.end(),
  };
}

/** Each query inside a span of the request (the tracer's), or as it is when tracing is off. */
function tracedQueries(observer: StoreObserver): <T>(sql: string, run: () => Promise<T>) => Promise<T> {
  const traceQuery = observer.traceQuery;
  if (traceQuery === undefined) return <T>(_sql: string, run: () => Promise<T>) => run();
  return <T>(sql: string, run: () => Promise<T>) => traceQuery.call(observer, sql, run) as Promise<T>;
}

/**
 * Names each distinct SQL text, so that pg prepares it once per connection and then only binds values:
 * the sandbox runs a handful of fixed statements, and parsing and planning them was a large part of a GET.
 */
function createStatementNamer(): (sql: string) => string {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = `sandbox_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}

async function runTransaction<T>(pool: PgPool, work: (query: Query) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(async (sql, params = []) => (await client.query(sql, params)).rows);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = error as Error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed mid-transaction is dropped, not reused.
    client.release(broken);
  }
}

/** A session that only listens (LISTEN), beside the pool: notifications need a connection that stays open. */
export interface PgListener {
  /** Whether its session is open and listening now. */
  isListening(): boolean;
  /** How many times its session was opened: a change means notifications may have been missed in between. */
  opens(): number;
  close(): Promise<void>;
}

/** A dropped listening session is opened again this long after. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * Listens on `channels` in a session of its own, named `applicationName` (which other instances can see in
 * pg_stat_activity while it is open), and opens it again when the database drops it.
 */
export async function listenOnChannels(
  databaseUrl: string,
  applicationName: string,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  warn: (line: string) => void,
): Promise<PgListener> {
  const pg = await importOptional('pg', () => import('pg'), 'The sandbox with --database-url');
  const Client = (pg.default ?? pg).Client;
  let closed = false;
  let client: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let opens = 0;
  const open = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl, application_name: applicationName, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    next.on('error', () => reopen());
    next.on('end', () => reopen());
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN ${channel}`);
    client = next;
    opens += 1;
  };
  const reopen = () => {
    if (closed || retry !== undefined) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      open().catch((error: Error) => {
        warn(`fleet: listening on ${channels.join(', ')} failed (${error.message}); trying again`);
        reopen();
      });
    }, RELISTEN_AFTER_MS);
    retry.unref?.();
  };
  try {
    await open();
  } catch (error) {
    // Not listening at all: the fleet does not open, and nothing is left to retry behind its back.
    closed = true;
    clearTimeout(retry);
    throw error;
  }
  return {
    isListening: () => client !== undefined,
    opens: () => opens,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
