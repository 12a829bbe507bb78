// Small predicates over parsed JSON values, shared by the breaking-change checks.

/** A JSON object (not null, not an array). */
export function isJsonObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether two JSON values are equal, compared by their JSON text (key order counts, as before). */
export function isSameJson(left, right) {
  return JSON.stringify(left) === JSON.stringify(right);
}
