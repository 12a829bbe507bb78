// JSON Pointer helpers for local references inside the bundle.
import type { OpenApiDocument } from '../types.js';

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function toPointer(tokens: string[]): string {
  return `#/${tokens.map(escapeToken).join('/')}`;
}

/** Value at a local `#/...` pointer, or undefined. */
export function getAtPointer(doc: OpenApiDocument, pointer: string): any {
  if (!pointer.startsWith('#/')) return undefined;
  let node: any = doc;
  for (const raw of pointer.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[unescapeToken(raw)];
  }
  return node;
}

/** Follows `$ref` chains of non-schema objects (request bodies, responses); returns the target and its pointer. */
export function deref(doc: OpenApiDocument, value: any, pointer: string): { value: any; pointer: string } {
  let current = { value, pointer };
  for (let hops = 0; hops < 20 && current.value && typeof current.value.$ref === 'string'; hops++) {
    const next = current.value.$ref as string;
    current = { value: getAtPointer(doc, next), pointer: next };
  }
  return current;
}
