// The one way committed JSON is written: generators, the docs' files and the breaking baseline all use it, so a
// file written by one step and compared by another (check:drift) never differs in spacing.

/** Stable JSON text for committed generated files. */
export function toJsonText(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}
