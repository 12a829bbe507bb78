// The request journal of a fleet (--database-url): every instance writes its tenants' entries to one table and reads
// them from it, so GET /_mock/requests on any instance shows the tenant's requests served by all of them, in the
// order they were stored. Each entry is stored redacted, as the journal shows it (never a secret in the database),
// whole as JSON, so that fields added to entries pass through; columns hold only what filters and budgets read.
//
// Entries are held in memory and stored in batches, one INSERT per batch, FLUSH_EVERY_MS after the first entry
// of a batch or at once past FLUSH_AT entries, so an answer never waits for the database. A read (or a clear) on any
// instance first stores this instance's held entries and asks every other instance to store theirs
// (journal-barrier.ts), so a partner who reads the journal right after an answer, on whatever instance, finds it.
// Entries are shown in the order the instances received the requests (each instance's clock, sub-millisecond),
// not the order the batches were stored. What a crash loses is the last FLUSH_EVERY_MS of entries, never a record.
//
import { journalEntryOf, type JournalFilter, type JournalRecorder, type JournalRecorderOptions } from '../../journal/journal-recorder.js';
import type { JournalEntry } from '../../journal/request-journal.js';
import type { SqlDriver } from '../store/sql-overlay.js';
import { describeDatabaseError } from '../store/sql-overlay.js';
import type { JournalBarrier } from './journal-barrier.js';

// The batch goes as one JSON array (one JSON.stringify of all its rows), not as a text array per column: pg's
// escaping of each array element, character by character, cost about as much as making the JSON itself.
const INSERT = `INSERT INTO sandbox_journal (tenant, request_id, operation_id, method, bytes, received_ms, entry)
  SELECT t.tenant, t.request_id, t.operation_id, t.method, t.bytes, t.received_ms, t.entry
  FROM ROWS FROM (json_to_recordset($1::json)
    AS (tenant text, request_id text, operation_id text, method text, bytes int, received_ms float8, entry json)) WITH ORDINALITY
    AS t(tenant, request_id, operation_id, method, bytes, received_ms, entry, n)
  ORDER BY t.n`;
// $2 entries and $3 bytes: a tenant's newest within both (its newest always), then the filters, oldest first.
const READ = `SELECT entry FROM (
    SELECT seq, received_ms, entry, request_id, operation_id, method, row_number() OVER w AS n, sum(bytes) OVER w AS kept
    FROM sandbox_journal WHERE tenant = $1 WINDOW w AS (ORDER BY received_ms DESC, seq DESC)
  ) t
  WHERE n <= $2 AND (kept <= $3 OR n = 1)
    AND ($4::text IS NULL OR request_id = $4) AND ($5::text IS NULL OR operation_id = $5) AND ($6::text IS NULL OR method = $6)
  ORDER BY received_ms, seq`;
const TRIM_TENANTS = `DELETE FROM sandbox_journal WHERE seq IN (
    SELECT seq FROM (
      SELECT seq, row_number() OVER w AS n, sum(bytes) OVER w AS kept
      FROM sandbox_journal WHERE tenant = ANY($1::text[]) WINDOW w AS (PARTITION BY tenant ORDER BY received_ms DESC, seq DESC)
    ) t WHERE n > $2 OR (kept > $3 AND n > 1)
  )`;
const TOTAL = 'SELECT coalesce(sum(bytes), 0)::bigint AS bytes FROM sandbox_journal';
// Most recently used tenants first (by their newest entry), each newest first: what lies past the budget goes.
const TRIM_TOTAL = `DELETE FROM sandbox_journal WHERE seq IN (
    SELECT seq FROM (
      SELECT j.seq, sum(j.bytes) OVER (ORDER BY t.last DESC, j.seq DESC) AS kept
      FROM sandbox_journal j JOIN (SELECT tenant, max(seq) AS last FROM sandbox_journal GROUP BY tenant) t USING (tenant)
    ) r WHERE kept > $1
  )`;

/** A batch is stored this long after its first entry, or at once when it holds FLUSH_AT entries. */
const FLUSH_EVERY_MS = 50;
const FLUSH_AT = 500;
const TRIM_TENANTS_EVERY_MS = 1_000;
const TRIM_TOTAL_EVERY_MS = 5_000;

/** A held entry, named as the table's columns: the batch is stored as these rows' JSON. */
interface Row {
  tenant: string;
  request_id: string | null;
  operation_id: string | null;
  method: string;
  bytes: number;
  /** when the instance received the request, in ms since the epoch (fractional) */
  received_ms: number;
  entry: JournalEntry;
}

export interface SharedJournal extends JournalRecorder {
  /** Stores the entries held now; resolves once they are in the database. */
  storeHeld(): Promise<void>;
  /** Stops trimming; entries held are stored first. */
  close(): Promise<void>;
}

/** `barrier`: the other instances, asked to store their held entries before a read; undefined when alone (tests). */
export function createSharedJournal(driver: SqlDriver, options: JournalRecorderOptions, warn: (line: string) => void, barrier?: JournalBarrier): SharedJournal {
  const size = options.size;
  const maxScopeBytes = options.maxScopeBytes ?? Number.MAX_SAFE_INTEGER;
  const maxTotalBytes = options.maxTotalBytes ?? Number.MAX_SAFE_INTEGER;
  let queue: Row[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  let written = new Set<string>();
  let failing = false;
  // All tenants' bytes as the last total-budget check found them (the metrics' journal gauge; at most 5 s old).
  let totalBytes = 0;

  const reportFailure = (what: string) => (error: unknown) => {
    if (failing) return;
    failing = true;
    warn(`journal: ${what}: ${describeDatabaseError(error)}`);
  };

  const insert = async (batch: Row[]): Promise<void> => {
    try {
      await driver.query(INSERT, [JSON.stringify(batch)]);
      failing = false;
      for (const row of batch) written.add(row.tenant);
    } catch (error) {
      // The answers go out all the same; their entries are lost (the database is down: they answer 503 anyway).
      reportFailure(`${batch.length} entries not stored`)(error);
    }
  };

  /** Stores what is held now, after the batch in flight: batches go one at a time, in order. */
  const storeHeld = (): Promise<void> => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (queue.length === 0) return inFlight;
    const batch = queue;
    queue = [];
    inFlight = inFlight.then(() => insert(batch));
    return inFlight;
  };

  const hold = (row: Row): void => {
    queue.push(row);
    if (queue.length >= FLUSH_AT) {
      void storeHeld();
      return;
    }
    if (flushTimer !== undefined) return;
    flushTimer = setTimeout(() => void storeHeld(), FLUSH_EVERY_MS);
    flushTimer.unref?.();
  };

  /** Before a read or a clear: what every instance holds is stored. */
  const everyInstanceStored = async (): Promise<void> => {
    await storeHeld();
    await barrier?.othersStored();
  };

  const trimTenants = async () => {
    if (written.size === 0) return;
    const tenants = [...written];
    written = new Set();
    await driver.query(TRIM_TENANTS, [tenants, size, maxScopeBytes]);
  };
  const trimTotal = async () => {
    const [row] = await driver.query(TOTAL);
    totalBytes = Number(row!.bytes);
    if (totalBytes <= maxTotalBytes) return;
    await driver.query(TRIM_TOTAL, [maxTotalBytes]);
    totalBytes = maxTotalBytes;
  };
  // unref: the timers never keep a process alive that has nothing else to do.
  const tenantTimer = setInterval(() => void trimTenants().catch(reportFailure('trimming to the budgets')), TRIM_TENANTS_EVERY_MS);
  tenantTimer.unref?.();
  const totalTimer = setInterval(() => void trimTotal().catch(reportFailure('trimming to the total budget')), TRIM_TOTAL_EVERY_MS);
  totalTimer.unref?.();

  return {
    size,
    bytes: () => totalBytes,
    record(request, ctx, status, startedAt, requestId) {
      const tenant = ctx?.caller?.tenant;
      // As in memory: requests without a valid token belong to nobody and are not kept.
      if (tenant === undefined) return;
      const { entry, bytes } = journalEntryOf(request, ctx, status, startedAt, requestId);
      const receivedMs = performance.timeOrigin + startedAt;
      hold({ tenant, request_id: requestId ?? null, operation_id: entry.operationId, method: entry.method, bytes, received_ms: receivedMs, entry });
    },
    list() {
      throw new Error('requests(): a sandbox on a database keeps its journal there; read it with GET /_mock/requests (any instance answers it)');
    },
    async iterate(scope, filter: JournalFilter = {}) {
      await everyInstanceStored();
      const rows = await driver.query(READ, [scope ?? '', size, maxScopeBytes, filter.requestId ?? null, filter.operationId ?? null, filter.method?.toUpperCase() ?? null]);
      return rows.map((row) => (typeof row.entry === 'string' ? JSON.parse(row.entry) : row.entry) as JournalEntry);
    },
    async clear(scope) {
      await everyInstanceStored();
      await driver.query('DELETE FROM sandbox_journal WHERE tenant = $1', [scope ?? '']);
    },
    storeHeld,
    async close() {
      clearInterval(tenantTimer);
      clearInterval(totalTimer);
      await storeHeld();
    },
  };
}
