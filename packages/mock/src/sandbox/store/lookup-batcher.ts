// Lookups by id that arrive together go to the database as one query. Requests that a busy server reads in
// one turn of the event loop each want one row; one round trip for all of them, instead of one each, is
// most of what makes a sandbox GET on Postgres cheap. The batch goes out after the turn (setImmediate),
// so a lone request waits for nothing but that turn.
//
// One batch at a time: lookups made while a batch is at the database wait for its answer and then go together
// (as the fleet's journal writes do). A round trip costs each process far more CPU than a row (a fleet instance
// serving half the requests sent twice as many lookups per request, each alone); a lookup sent later than it
// was asked still reads what every write answered before it had stored.

export interface LookupBatcher<K, V> {
  load(key: K): Promise<V>;
}

/** `loadMany` answers the keys in their order; one failure fails every lookup of that batch. */
export function createLookupBatcher<K, V>(loadMany: (keys: K[]) => Promise<V[]>): LookupBatcher<K, V> {
  let keys: K[] = [];
  let waiting: Array<{ resolve: (value: V) => void; reject: (error: unknown) => void }> = [];
  // The batch at the database (never rejects: its callers get its failure), and whether the next one is on its way.
  let atDatabase: Promise<void> = Promise.resolve();
  let isNextScheduled = false;

  const send = async () => {
    const batch = keys;
    const callers = waiting;
    keys = [];
    waiting = [];
    isNextScheduled = false;
    try {
      const values = await loadMany(batch);
      callers.forEach((caller, index) => caller.resolve(values[index]!));
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    }
  };

  const scheduleNext = () => {
    isNextScheduled = true;
    const previous = atDatabase;
    setImmediate(() => {
      atDatabase = previous.then(send);
    });
  };

  return {
    load(key) {
      if (!isNextScheduled) scheduleNext();
      keys.push(key);
      return new Promise<V>((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}
