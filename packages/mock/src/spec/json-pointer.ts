// The JSON pointers the mock writes: where in the bundle a schema sits, for the validators that `$ref` into it.
// Reading pointers and following `$ref`s is @vendor/spec-model's (getAtPointer, decodePointer, resolveRef).
import { encodePointerToken } from '@vendor/spec-model';

/** The pointer to the document itself, which every other pointer extends. */
export const DOCUMENT_POINTER = '#';

/** `parent` extended by `tokens`, each escaped: `childPointer('#/paths', '/teams/{id}', 'get')` is `#/paths/~1teams~1{id}/get`. */
export function childPointer(parent: string, ...tokens: Array<string | number>): string {
  return [parent, ...tokens.map(encodePointerToken)].join('/');
}
