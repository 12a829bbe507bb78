// How the breaking-change comparer follows $refs. Pointers are decoded by @vendor/spec-model, the one
// reader of the contract; what is the comparer's own is the walk: it lays a $ref's sibling keywords over
// the target (OpenAPI 3.1 allows them) and reports the last $ref it followed, for a break's `via`.
import { getAtPointer } from '@vendor/spec-model';

/**
 * Follows a chain of internal $refs from node. Sibling keywords of a $ref are laid over the target.
 * Throws on an external, unresolvable or circular $ref.
 * @returns {{ node: any, ref: string | undefined }} node: what the chain ends at; ref: the last $ref followed
 */
export function resolveRef(document, node) {
  let lastRef;
  let current = node;
  const followedRefs = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const { $ref: ref, ...siblings } = current;
    if (followedRefs.has(ref)) throw new Error(`Circular $ref chain at ${ref}`);
    followedRefs.add(ref);
    lastRef = ref;
    if (!ref.startsWith('#/')) throw new Error(`Only internal $refs are supported (bundle the document first): ${ref}`);
    const target = getAtPointer(document, ref);
    if (target === undefined) throw new Error(`Unresolvable $ref ${ref}`);
    const hasSiblings = Object.keys(siblings).length > 0;
    current = hasSiblings && target && typeof target === 'object' ? { ...target, ...siblings } : target;
  }
  return { node: current, ref: lastRef };
}
