// The one `$ref` resolver. A bundled document keeps its internal references, so a parameter, a response, an
// example or a schema may be `{ $ref: '#/...' }`, and a reference may point at another reference.
import { SpecModelError } from './errors.js';
import { getAtPointer } from './pointer.js';

const isReference = (node: unknown): node is { $ref: string } =>
  node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';

/**
 * `node` with its `$ref` chain followed: the first object on it that is not a reference. Anything that is not a
 * reference comes back as it is (so `resolveRef(doc, undefined)` is `undefined`). Keywords beside a `$ref`
 * (a `title` or `description`, as OpenAPI 3.1 allows) are not merged into the target.
 * Throws on a reference to another document, on one that names nothing, and on a loop.
 */
export function resolveRef(document: unknown, node: unknown): any {
  let current = node;
  const followed: string[] = [];
  while (isReference(current)) {
    const ref = current.$ref;
    if (followed.includes(ref)) throw new SpecModelError(`Circular $ref: ${[...followed, ref].join(' -> ')}`);
    if (!ref.startsWith('#')) throw new SpecModelError(`Only local $refs (#/...) can be resolved, got ${ref}`);
    followed.push(ref);
    current = getAtPointer(document, ref);
    if (current === undefined) throw new SpecModelError(`Unresolvable $ref ${ref}`);
  }
  return current;
}
