// `x-unique: true` on a request body's property: the service refuses a second record with the same value (a name
// unique within a tenant). Tools that write on their own (verify) make such values unique per run, so that a run
// repeated against the same stateful target does not meet its own earlier records.
import { jsonContentOf } from './content.js';
import { resolveRef } from './resolve.js';
import type { SpecOperation } from './types.js';

export const UNIQUE_KEY = 'x-unique';

/** Property paths of the operation's JSON request body marked `x-unique: true` (`[['name']]`), in document order. */
export function uniqueBodyFields(document: unknown, operation: SpecOperation): string[][] {
  const schema = operation.requestBody === undefined ? undefined : jsonContentOf(operation.requestBody.content)?.schema;
  const found: string[][] = [];
  collect(document, schema, [], found, new Set());
  return found;
}

function collect(document: unknown, node: unknown, at: string[], found: string[][], visiting: Set<unknown>): void {
  const schema = resolveRef(document, node);
  if (schema === null || typeof schema !== 'object' || visiting.has(schema)) return;
  if (at.length > 0 && (schema as Record<string, unknown>)[UNIQUE_KEY] === true) found.push(at);
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (properties === null || typeof properties !== 'object') return;
  visiting.add(schema);
  for (const [name, child] of Object.entries(properties)) collect(document, child, [...at, name], found, visiting);
  visiting.delete(schema);
}
