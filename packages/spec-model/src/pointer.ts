// JSON pointers (RFC 6901), as `$ref`s write them: `#/components/schemas/Team`, `#/paths/~1teams~1{id}`.
import { SpecModelError } from './errors.js';

/** Escapes one reference token: `~` becomes `~0` and `/` becomes `~1` (in that order). */
export function encodePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of the whole document, which every other pointer the model gives extends. */
export const DOCUMENT_POINTER = '#';

/** `parent` extended by `tokens`, each escaped: `childPointer('#/paths', '/teams/{id}', 'get')` is `#/paths/~1teams~1{id}/get`. */
export function childPointer(parent: string, ...tokens: Array<string | number>): string {
  return [parent, ...tokens.map(encodePointerToken)].join('/');
}

/**
 * A pointer in the one form the model gives out: the URI fragment, each token escaped and nothing
 * percent-encoded (`#/paths/~1teams~1%7Bid%7D` -> `#/paths/~1teams~1{id}`), so pointers compare as text.
 */
export function canonicalPointer(pointer: string): string {
  return childPointer(DOCUMENT_POINTER, ...decodePointer(pointer));
}

/** Unescapes one reference token. `~1` first, so that `~01` stays the text `~1`. */
function decodePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The reference tokens of a pointer, unescaped. Accepts the URI-fragment form (`#/a/b`, percent-decoded first,
 * as RFC 6901 section 6 says) and the plain form (`/a/b`); `#` and `` name the whole document (no token).
 */
export function decodePointer(pointer: string): string[] {
  const isFragment = pointer.startsWith('#');
  const text = isFragment ? percentDecoded(pointer.slice(1), pointer) : pointer;
  if (text === '') return [];
  if (!text.startsWith('/')) throw new SpecModelError(`Not a JSON pointer: ${pointer}`);
  return text.slice(1).split('/').map(decodePointerToken);
}

function percentDecoded(text: string, pointer: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new SpecModelError(`Not a JSON pointer (bad percent-encoding): ${pointer}`);
  }
}

/** The value a pointer names in `document`, or `undefined` when nothing is there. */
export function getAtPointer(document: unknown, pointer: string): any {
  let node: any = document;
  for (const token of decodePointer(pointer)) {
    const isContainer = node !== null && typeof node === 'object';
    if (!isContainer || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return node;
}
