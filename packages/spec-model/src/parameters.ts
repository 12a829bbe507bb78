// An operation's parameters: its path item's and its own, merged, each with its schema and its example.
import { schemaPointerOf } from './content.js';
import { SpecModelError } from './errors.js';
import { childPointer } from './pointer.js';
import { resolveAt, resolveRef } from './resolve.js';
import type { JsonObject, OpenApiDocument, ParameterLocation, SpecParameter } from './types.js';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** Where the path item and the operation are written: their `parameters` lists are under these pointers. */
export interface ParameterHolders {
  pathItem: JsonObject;
  pathItemPointer: string;
  operation: JsonObject;
  operationPointer: string;
}

/**
 * Path-item parameters, then the operation's. An operation parameter with the same name and location replaces
 * the path-item one, in the path-item one's place (OpenAPI: it overrides it).
 */
export function mergedParameters(document: OpenApiDocument, holders: ParameterHolders, label: string): SpecParameter[] {
  const written = [...listed(holders.pathItem, holders.pathItemPointer), ...listed(holders.operation, holders.operationPointer)];
  const byKey = new Map<string, SpecParameter>();
  for (const { raw, usedAt } of written) {
    const parameter = readParameter(document, raw, usedAt, label);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/** The entries of a `parameters` list with their places of use. */
function listed(holder: JsonObject, holderPointer: string): Array<{ raw: unknown; usedAt: string }> {
  const parameters: unknown[] = holder.parameters ?? [];
  return parameters.map((raw, index) => ({ raw, usedAt: childPointer(holderPointer, 'parameters', index) }));
}

function readParameter(document: OpenApiDocument, raw: unknown, usedAt: string, label: string): SpecParameter {
  const { target: definition, pointer } = resolveAt(document, raw, usedAt);
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
    schemaPointer: schemaPointerOf(definition, pointer),
    example: parameterExample(document, definition, schema),
    definition,
    pointer,
    usedAt,
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
