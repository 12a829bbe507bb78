// Follows internal `$ref`s (`#/components/...`) of a bundled document. The bundle keeps internal refs,
// so parameters, examples and schemas may be references.

/** @returns the node a JSON pointer (`#/a/b`) names in `doc` */
export function getByPointer(doc, ref) {
  if (!ref.startsWith('#/')) throw new Error(`Only internal $refs can be resolved, got ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => {
      if (node === undefined || node === null || !(key in node)) throw new Error(`Unresolvable $ref ${ref}`);
      return node[key];
    }, doc);
}

/** Resolves `node` while it is a `{ $ref }` object (refs to refs included). */
export function deref(doc, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`Circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = getByPointer(doc, current.$ref);
  }
  return current;
}
