// The JSON types a schema declares with `type`, and how to compare and print them.

/** The set of types in a schema's `type` (a name or a list of names); null when it declares none. */
export function declaredTypes(schema) {
  if (schema.type === undefined) return null;
  return new Set([].concat(schema.type));
}

/** Whether a set of JSON types accepts every value of typeName (number accepts integer). */
export function acceptsType(typeNames, typeName) {
  return typeNames.has(typeName) || (typeName === 'integer' && typeNames.has('number'));
}

/** `type` as the change messages print it: a name, or a list in brackets. */
export function formatType(type) {
  return Array.isArray(type) ? `[${type.join(', ')}]` : String(type);
}
