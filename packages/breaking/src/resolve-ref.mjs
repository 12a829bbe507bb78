// How the breaking-change comparer follows $refs. The chain is @vendor/spec-model's (followRef, the one reader
// of the contract); what is the comparer's own is what it makes of it: it lays a $ref's sibling keywords over
// the target (OpenAPI 3.1 allows them) and reports where the chain ended, for a break's `via`.
import { followRef, getAtPointer } from '@vendor/spec-model';

/** The comparer's words for a chain that breaks (check-breaking prints them and exits 2). */
const BROKEN_CHAIN_MESSAGES = {
  external: (ref) => `Only internal $refs are supported (bundle the document first): ${ref}`,
  unresolvable: (ref) => `Unresolvable $ref ${ref}`,
  circular: (ref) => `Circular $ref chain at ${ref}`,
};

/**
 * Follows a chain of internal $refs from node. Sibling keywords of a $ref are laid over the target (those of
 * an outer $ref over those of an inner one). Throws on an external, unresolvable or circular $ref.
 * @returns {{ node: any, ref: string | undefined }} node: what the chain ends at; ref: the pointer of that
 *   place when a $ref led there
 */
export function resolveRef(document, node) {
  const chain = followRef(document, node);
  if (chain.broken) throw new Error(BROKEN_CHAIN_MESSAGES[chain.broken.reason](chain.broken.ref));
  const ref = chain.pointers.at(-1);
  if (ref === undefined) return { node, ref };
  const siblings = siblingKeywords(document, node, chain.pointers);
  const hasSiblings = Object.keys(siblings).length > 0;
  const isObjectTarget = chain.target !== null && typeof chain.target === 'object';
  if (hasSiblings && isObjectTarget) return { node: { ...chain.target, ...siblings }, ref };
  return { node: chain.target, ref };
}

/** The keywords beside each $ref of the chain (the node's own, then those of each reference it passes), outer ones winning. */
function siblingKeywords(document, node, pointers) {
  const references = [node, ...pointers.slice(0, -1).map((pointer) => getAtPointer(document, pointer))];
  let siblings = {};
  for (const reference of references.reverse()) {
    const { $ref: _ref, ...beside } = reference ?? {};
    siblings = { ...siblings, ...beside };
  }
  return siblings;
}

/** resolveRef as the spec model's schema rules take it (`ResolveSchema`): the schema a branch stands for. */
export function schemaResolver(document) {
  return (schema) => resolveRef(document, schema).node;
}
