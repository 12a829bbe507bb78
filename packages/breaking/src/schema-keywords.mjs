// The JSON Schema keywords the breaking-change checks treat alike, by what they mean to a caller.

/** Limits a value must stay under: lowering one (or adding one) narrows what is accepted. */
export const UPPER_LIMIT_KEYWORDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains'];

/** Limits a value must stay over: raising one (or adding one) narrows what is accepted. */
export const LOWER_LIMIT_KEYWORDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains'];

/** Keywords that, set to false, close an object to properties it does not list. */
export const UNKNOWN_PROPERTIES_KEYWORDS = ['additionalProperties', 'unevaluatedProperties'];

/** Keywords whose branches are alternatives: a value matches one (oneOf) or some (anyOf) of them. */
export const VARIANT_KEYWORDS = ['oneOf', 'anyOf'];

/** Keywords that combine subschemas; a schema with one of them may constrain its value without a `type`. */
export const COMPOSITION_KEYWORDS = ['oneOf', 'anyOf', 'allOf', 'not', 'if'];
