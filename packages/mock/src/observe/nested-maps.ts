// Series and loggers found by a few labels at a time, one map per label: the hot paths look up strings and numbers
// they already hold, where a key made of them would be a new string to build and hash on every request.

/** The entry of `parent` under `key`, made by `make` on first use. */
export function childOf<K, V>(parent: Map<K, V>, key: K, make: () => V): V {
  let child = parent.get(key);
  if (child === undefined) {
    child = make();
    parent.set(key, child);
  }
  return child;
}
