// Path parameters whose value is the reader's own, not a record the API reference shows: the example value
// works only for the example's account. The samples keep it (so they run as written against the sandbox's
// printed token) and say in a comment what the reader puts there instead.
const READERS_OWN = {
  tenantName: "your tenant's name, the tenant your API token belongs to",
};

/**
 * @param {import('./operations.mjs').SampleOperation} op
 * @returns {{ name: string, value: string, yours: string }[]} the operation's path parameters the reader fills in
 */
export function readerPlaceholders(op) {
  return op.params
    .filter((p) => p.in === 'path' && Object.hasOwn(READERS_OWN, p.name))
    .map((p) => ({ name: p.name, value: String(p.value), yours: READERS_OWN[p.name] }));
}

/** One line per placeholder, without the comment marker: `tenantName 'acme' is an example: use ...`. */
export function placeholderNotes(op) {
  return readerPlaceholders(op).map((p) => `${p.name} '${p.value}' is an example: use ${p.yours}.`);
}
