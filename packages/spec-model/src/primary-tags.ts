// A copy of the document in which each operation keeps only its first tag, its resource (the tags after it, such as
// the address space's, group it again). Tools that file an operation once under every tag it has, such as
// openapi-to-postmanv2's folders, then list each operation once.
import { HTTP_METHODS } from './methods.js';
import type { JsonObject, OpenApiDocument } from './types.js';

export function withPrimaryTagsOnly(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const paths = (copy.paths ?? {}) as Record<string, JsonObject>;
  for (const pathItem of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as { tags?: unknown[] } | undefined;
      const hasSeveralTags = Array.isArray(operation?.tags) && operation.tags.length > 1;
      if (hasSeveralTags) operation!.tags = operation!.tags!.slice(0, 1);
    }
  }
  return copy;
}
