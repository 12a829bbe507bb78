// What lets a fleet's instances hold their journal entries back and store them in batches, yet show a partner every
// request on whichever instance reads the journal: before a read (or a clear), the reader asks every other live
// instance to store what it holds (NOTIFY), and waits until each has said it did. An instance is live while its
// listening session is open, which pg_stat_activity shows by the session's name; no table, no heartbeat.
import { randomUUID } from 'node:crypto';
import { listenOnChannels, type PgListener } from '../store/pg-driver.js';
import type { SqlDriver } from '../store/sql-overlay.js';

export interface JournalBarrier {
  /** Resolves once every other live instance has stored the entries it held when asked. */
  othersStored(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_ASKED = 'sandbox_journal_flush';
const FLUSH_DONE = 'sandbox_journal_flushed';
const SESSION_PREFIX = '@vendor/api-mock journal ';
/**
 * An instance that does not answer within this long is not waited for: it is gone (its session not yet timed out)
 * or its database connection is down, and either way it cannot store what it holds.
 */
const ANSWER_WITHIN_MS = 2_000;

const LIVE_INSTANCES = `SELECT application_name FROM pg_stat_activity
  WHERE datname = current_database() AND application_name LIKE $1`;
const NOTIFY = 'SELECT pg_notify($1, $2)';

interface Waiting {
  pending: Set<string>;
  done: () => void;
}

/** `storeHeld`: stores this instance's held entries, for when another instance asks. */
export async function openJournalBarrier(databaseUrl: string, driver: SqlDriver, storeHeld: () => Promise<void>, warn: (line: string) => void): Promise<JournalBarrier> {
  const self = randomUUID().slice(0, 8);
  const waiting = new Map<string, Waiting>();

  const answerAsk = (nonce: string) => {
    storeHeld()
      .then(() => driver.query(NOTIFY, [FLUSH_DONE, `${nonce} ${self}`]))
      .catch((error: Error) => warn(`journal: storing entries another instance asked for failed (${error.message})`));
  };
  const noteAnswer = (payload: string) => {
    const [nonce, instance] = payload.split(' ');
    const wait = waiting.get(nonce ?? '');
    if (wait === undefined || instance === undefined) return;
    wait.pending.delete(instance);
    if (wait.pending.size === 0) wait.done();
  };
  const listener: PgListener = await listenOnChannels(
    databaseUrl,
    SESSION_PREFIX + self,
    [FLUSH_ASKED, FLUSH_DONE],
    (channel, payload) => {
      // This instance's own asks come back to it too; it stores its entries itself before it asks.
      const isOwnAsk = waiting.has(payload);
      if (channel === FLUSH_ASKED && !isOwnAsk) answerAsk(payload);
      else if (channel === FLUSH_DONE) noteAnswer(payload);
    },
    warn,
  );

  const otherInstances = async (): Promise<string[]> => {
    const rows = await driver.query(LIVE_INSTANCES, [`${SESSION_PREFIX}%`]);
    return rows.map((row) => String(row.application_name).slice(SESSION_PREFIX.length)).filter((instance) => instance !== self);
  };

  return {
    async othersStored() {
      const others = await otherInstances();
      if (others.length === 0) return;
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        waiting.set(nonce, { pending: new Set(others), done: resolve });
        timer = setTimeout(resolve, ANSWER_WITHIN_MS);
      });
      try {
        await driver.query(NOTIFY, [FLUSH_ASKED, nonce]);
        await answered;
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
    close: () => listener.close(),
  };
}
