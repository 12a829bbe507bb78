// Lookups by id that arrive together go to the database as one query. Requests that a busy server reads in
// one turn of the event loop each want one row; one round trip for all of them, instead of one each, is
// most of what makes a sandbox GET on Postgres cheap. The batch goes out after the turn (setImmediate),
// so a lone request waits for nothing but that turn.

export interface LookupBatcher<K, V> {
  load(key: K): Promise<V>;
}

/** `loadMany` answers the keys in their order; one failure fails every lookup of that batch. */
export function createLookupBatcher<K, V>(loadMany: (keys: K[]) => Promise<V[]>): LookupBatcher<K, V> {
  let keys: K[] = [];
  let waiting: Array<{ resolve: (value: V) => void; reject: (error: unknown) => void }> = [];

  const flush = async () => {
    const batch = keys;
    const callers = waiting;
    keys = [];
    waiting = [];
    try {
      const values = await loadMany(batch);
      callers.forEach((caller, index) => caller.resolve(values[index]!));
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    }
  };

  return {
    load(key) {
      if (keys.length === 0) setImmediate(() => void flush());
      keys.push(key);
      return new Promise<V>((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}
