// Freezes a value and everything in it. The sandbox shares frozen values instead of copying them per request
// (stored records, response templates): a reader gets the value itself and still cannot change it.
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
