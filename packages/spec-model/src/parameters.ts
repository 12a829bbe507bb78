// An operation's parameters: its path item's and its own, merged, each with its schema and its example.
import { SpecModelError } from './errors.js';
import { resolveRef } from './resolve.js';
import type { JsonObject, OpenApiDocument, ParameterLocation, SpecParameter } from './types.js';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/**
 * Path-item parameters, then the operation's. An operation parameter with the same name and location replaces
 * the path-item one, in the path-item one's place (OpenAPI: it overrides it).
 */
export function mergedParameters(document: OpenApiDocument, pathItem: JsonObject, operation: JsonObject, label: string): SpecParameter[] {
  const byKey = new Map<string, SpecParameter>();
  for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = readParameter(document, resolveRef(document, raw), label);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function readParameter(document: OpenApiDocument, definition: JsonObject, label: string): SpecParameter {
  const hasNameAndLocation = typeof definition?.name === 'string' && LOCATIONS.includes(definition?.in);
  if (!hasNameAndLocation) {
    throw new SpecModelError(`${label} has a parameter without a name and an in (${LOCATIONS.join('|')}): ${JSON.stringify(definition)}`);
  }
  const schema = resolveRef(document, definition.schema ?? {});
  return {
    name: definition.name,
    in: definition.in,
    required: definition.in === 'path' || definition.required === true,
    description: definition.description,
    schema,
    example: parameterExample(document, definition, schema),
    definition,
  };
}

/** The one example rule (see `SpecParameter.example`). */
function parameterExample(document: OpenApiDocument, definition: JsonObject, schema: JsonObject): unknown {
  if (definition.example !== undefined) return definition.example;
  const firstNamed = Object.values(definition.examples ?? {})[0];
  if (firstNamed !== undefined) return resolveRef(document, firstNamed)?.value;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  return undefined;
}
