// The one `$ref` resolver. A bundled document keeps its internal references, so a parameter, a response, an
// example or a schema may be `{ $ref: '#/...' }`, and a reference may point at another reference.
import { SpecModelError } from './errors.js';
import { canonicalPointer, decodePointer, getAtPointer } from './pointer.js';

/** Why a chain of references stops before an object: a reference into another document, to nothing, or back into itself. */
export type BrokenRefReason = 'external' | 'unresolvable' | 'circular';

/** A `$ref` chain, followed. */
export interface RefChain {
  /** What the chain ends at: the first value on it that is not a reference; `undefined` when the chain is broken. */
  target: any;
  /**
   * The pointer of each object a reference named, in the order followed (the last one is the target's place);
   * empty for a node that is not a reference. Canonical (`canonicalPointer`), whatever spelling the `$ref` used.
   */
  pointers: string[];
  /** Where and why the chain broke; absent when it reached its target. `ref` is the `$ref` as written. */
  broken?: { reason: BrokenRefReason; ref: string };
}

const isReference = (node: unknown): node is { $ref: string } =>
  node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';

/**
 * Follows `node`'s chain of local `$ref`s, keeping the pointer of every object on the way: a reader that
 * reports where something is written (a provenance marker, the component a break lives in) needs the chain,
 * not only its end. A broken chain says why in `broken`; it throws only on a `$ref` that is no JSON pointer.
 * Keywords beside a `$ref` are not merged into the target (OpenAPI 3.1 allows them; what they mean is the
 * reader's to decide).
 */
export function followRef(document: unknown, node: unknown): RefChain {
  const walked = walkRefs(document, node);
  const chain: RefChain = { target: walked.target, pointers: walked.followed.map(canonicalPointer) };
  if (walked.broken !== undefined) chain.broken = walked.broken;
  return chain;
}

/**
 * `node` with its `$ref` chain followed: the first object on it that is not a reference. Anything that is not a
 * reference comes back as it is (so `resolveRef(doc, undefined)` is `undefined`). Keywords beside a `$ref`
 * (a `title` or `description`, as OpenAPI 3.1 allows) are not merged into the target.
 * Throws on a reference to another document, on one that names nothing, and on a loop.
 */
export function resolveRef(document: unknown, node: unknown): any {
  return reached(walkRefs(document, node)).target;
}

/**
 * `resolveRef`, and where the target is: the pointer of the last object a reference named, else `usedAt` (the
 * place of `node` itself, for a node written in place). Throws as `resolveRef` does.
 */
export function resolveAt(document: unknown, node: unknown, usedAt: string): { target: any; pointer: string } {
  const walked = reached(walkRefs(document, node));
  const last = walked.followed.at(-1);
  return { target: walked.target, pointer: last === undefined ? usedAt : canonicalPointer(last) };
}

/** The walk, when it reached its target; otherwise the error that says why it did not. */
function reached(walked: Walked): Walked {
  if (walked.broken === undefined) return walked;
  const { reason, ref } = walked.broken;
  if (reason === 'external') throw new SpecModelError(`Only local $refs (#/...) can be resolved, got ${ref}`);
  if (reason === 'unresolvable') throw new SpecModelError(`Unresolvable $ref ${ref}`);
  throw new SpecModelError(`Circular $ref: ${[...walked.followed, ref].join(' -> ')}`);
}

/** The chain with each `$ref` as written: `followed` holds those that led to a value. */
interface Walked {
  target: any;
  followed: string[];
  broken?: { reason: BrokenRefReason; ref: string };
}

function walkRefs(document: unknown, node: unknown): Walked {
  let current = node;
  const followed: string[] = [];
  while (isReference(current)) {
    const ref = current.$ref;
    if (followed.includes(ref)) return { target: undefined, followed, broken: { reason: 'circular', ref } };
    if (!ref.startsWith('#')) return { target: undefined, followed, broken: { reason: 'external', ref } };
    current = getAtPointer(document, ref);
    if (current === undefined) return { target: undefined, followed, broken: { reason: 'unresolvable', ref } };
    followed.push(ref);
  }
  return { target: current, followed };
}

/**
 * The name of the component schema that `node` names by its own `$ref` (`{ $ref: '#/components/schemas/Team' }` ->
 * `Team`), the first step of its chain only; `undefined` for a node that is not such a reference. A generator that
 * gives each component a type of its own (the Python SDK's models) names it by this, without reading pointers.
 */
export function componentSchemaName(node: unknown): string | undefined {
  if (!isReference(node) || !node.$ref.startsWith('#')) return undefined;
  const tokens = decodePointer(node.$ref);
  const isComponentSchema = tokens.length === 3 && tokens[0] === 'components' && tokens[1] === 'schemas';
  return isComponentSchema ? tokens[2] : undefined;
}
