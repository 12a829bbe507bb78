// How a fleet's instances keep their record caches (store/record-cache.ts) one service. A writer, once its write is
// stored, tells every member (NOTIFY) and waits until each has dropped what it held of the tenant; a member that
// does not answer is waited for as long as an entry lives (RECORD_LIFETIME_MS), after which it holds nothing from
// before the write either. Membership is a lease row an instance renews every second while it listens: an instance
// whose lease may have lapsed in the writers' eyes, or whose listening session dropped, caches nothing until both
// are back, and then starts afresh (a new period).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { listenOnChannels, type PgListener } from '../store/pg-driver.js';
import { RECORD_LIFETIME_MS, type RecordCoherence } from '../store/record-cache.js';
import type { SqlDriver } from '../store/sql-overlay.js';

export interface FleetRecordCoherence extends RecordCoherence {
  close(): Promise<void>;
}

const CHANGED = 'sandbox_records_changed';
const DROPPED = 'sandbox_records_dropped';
const SESSION_PREFIX = '@vendor/api-mock records ';
/** A member's lease in the database, renewed every RENEW_MS; the member itself counts on it for less (CLOCK_MARGIN_MS). */
const LEASE_MS = 3_000;
const RENEW_MS = 1_000;
const CLOCK_MARGIN_MS = 500;
/** Past an entry's lifetime, for clocks that run at slightly different rates. */
const UNANSWERED_WAIT_MS = RECORD_LIFETIME_MS + 10;

const RENEW = `INSERT INTO sandbox_cache_members (instance, expires_at) VALUES ($1, now() + make_interval(secs => $2))
  ON CONFLICT (instance) DO UPDATE SET expires_at = excluded.expires_at`;
const LEAVE = 'DELETE FROM sandbox_cache_members WHERE instance = $1';
// One round trip: the other members, and the notice to them when there are any.
const TELL_OTHERS = `WITH others AS (SELECT instance FROM sandbox_cache_members WHERE expires_at > now() AND instance <> $1)
  SELECT coalesce(array_agg(instance), '{}') AS instances, CASE WHEN count(*) > 0 THEN pg_notify($2, $3) END AS told FROM others`;
const NOTIFY = 'SELECT pg_notify($1, $2)';
const RENEWING = "renewing this instance's membership";
const TELLING = 'telling the other instances of a change';
const ANSWERING = 'answering that a change was heard';

interface Waiting {
  /** undefined until the members are known: an answer may arrive before the query's result does */
  pending: Set<string> | undefined;
  answered: Set<string>;
  done: () => void;
}

/** Warns when something starts failing, not at every failure while the database is away (renewals run every second). */
function troubleReporter(warn: (line: string) => void) {
  const failing = new Set<string>();
  return {
    failed(what: string, error: unknown, consequence: string) {
      if (failing.has(what)) return;
      failing.add(what);
      warn(`records: ${what} failed (${(error as Error).message}); ${consequence}`);
    },
    succeeded: (what: string) => failing.delete(what),
  };
}

export async function openRecordCoherence(databaseUrl: string, driver: SqlDriver, warn: (line: string) => void): Promise<FleetRecordCoherence> {
  const self = randomUUID().slice(0, 8);
  const waiting = new Map<string, Waiting>();
  const trouble = troubleReporter(warn);
  const drops: Array<(tenant: string) => void> = [];
  let period = 0;
  let listenerOpens = 0;
  /** Until when (performance.now) this instance counts itself a member. */
  let memberUntil = 0;

  const settle = (wait: Waiting) => {
    const isComplete = wait.pending !== undefined && [...wait.pending].every((instance) => wait.answered.has(instance));
    if (isComplete) wait.done();
  };
  const dropAsked = (nonce: string, tenant: string) => {
    for (const drop of drops) drop(tenant);
    driver.query(NOTIFY, [DROPPED, `${nonce} ${self}`]).then(
      () => trouble.succeeded(ANSWERING),
      (error: unknown) => trouble.failed(ANSWERING, error, 'that instance waits out its entries instead'),
    );
  };
  const noteAnswer = (payload: string) => {
    const [nonce, instance] = payload.split(' ');
    const wait = waiting.get(nonce ?? '');
    if (wait === undefined || instance === undefined) return;
    wait.answered.add(instance);
    settle(wait);
  };
  const listener: PgListener = await listenOnChannels(
    databaseUrl,
    SESSION_PREFIX + self,
    [CHANGED, DROPPED],
    (channel, payload) => {
      const split = payload.indexOf(' ');
      const nonce = payload.slice(0, split);
      // This instance's own notices come back to it too; it dropped its entries before it told the others.
      const isOwn = waiting.has(nonce);
      if (channel === CHANGED && !isOwn && split > 0) dropAsked(nonce, payload.slice(split + 1));
      else if (channel === DROPPED) noteAnswer(payload);
    },
    warn,
  );

  // One renewal at a time: while the database is away a renewal may wait long, and the next would only queue behind it.
  let isRenewing = false;
  const renew = async () => {
    if (!listener.isListening() || isRenewing) return;
    isRenewing = true;
    const sentAt = performance.now();
    try {
      await driver.query(RENEW, [self, LEASE_MS / 1000]);
      trouble.succeeded(RENEWING);
    } catch (error) {
      trouble.failed(RENEWING, error, 'this instance reads every record from the database until it is renewed');
      return;
    } finally {
      isRenewing = false;
    }
    const hadLapsed = sentAt >= memberUntil;
    if (hadLapsed) period += 1;
    memberUntil = sentAt + LEASE_MS - CLOCK_MARGIN_MS;
  };
  await renew();
  const renewal = setInterval(() => void renew(), RENEW_MS);
  renewal.unref?.();

  return {
    period() {
      const isCurrent = listener.isListening() && performance.now() < memberUntil;
      if (!isCurrent) return undefined;
      const opens = listener.opens();
      if (opens !== listenerOpens) {
        listenerOpens = opens;
        period += 1;
      }
      return period;
    },
    async changed(tenant) {
      const startedAt = performance.now();
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const wait: Waiting = { pending: undefined, answered: new Set(), done: () => {} };
      const answered = new Promise<void>((resolve) => {
        wait.done = resolve;
        timer = setTimeout(resolve, UNANSWERED_WAIT_MS);
      });
      waiting.set(nonce, wait);
      try {
        const [row] = await driver.query(TELL_OTHERS, [self, CHANGED, `${nonce} ${tenant}`]);
        trouble.succeeded(TELLING);
        wait.pending = new Set((row?.instances as string[] | undefined) ?? []);
        settle(wait);
        await answered;
      } catch (error) {
        // The others may not have heard: wait until nothing they held from before the write can still be served.
        trouble.failed(TELLING, error, 'a write waits out their entries before it is answered');
        await sleep(Math.max(0, startedAt + UNANSWERED_WAIT_MS - performance.now()));
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
    onChanged(drop) {
      drops.push(drop);
    },
    async close() {
      clearInterval(renewal);
      memberUntil = 0;
      await driver.query(LEAVE, [self]).catch(() => {});
      await listener.close();
    },
  };
}
