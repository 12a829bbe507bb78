// What partners download (the types package's bundle, the docs' page and downloads, the Postman
// collection) is the contract without our authoring notes: `x-provenance` and `x-provenance-note`
// say where we learnt a fact, which is ours to keep. The source spec keeps them for `npm run provenance`.

/** Keys that record where a fact came from; they never leave the repository. */
function isAuthoringNote(key) {
  return key.startsWith('x-provenance');
}

/** A deep copy of `document` with every authoring note removed, at any depth. */
export function publishedDocument(document) {
  if (Array.isArray(document)) return document.map(publishedDocument);
  if (document === null || typeof document !== 'object') return document;
  const copy = {};
  for (const [key, value] of Object.entries(document)) {
    if (isAuthoringNote(key)) continue;
    copy[key] = publishedDocument(value);
  }
  return copy;
}
