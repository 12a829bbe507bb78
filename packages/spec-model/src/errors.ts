/**
 * A document that breaks one of the spec conventions (docs/ARCHITECTURE.md, "Spec conventions"), or a `$ref` /
 * JSON pointer that cannot be followed. The message names the operation and the field, so it can be fixed
 * without a debugger.
 */
export class SpecModelError extends Error {
  override name = 'SpecModelError';
}
