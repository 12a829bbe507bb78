// How the Python SDK (packages/python) names what the contract names: methods by operationId in snake_case,
// keyword arguments by wire name in snake_case (a Python keyword gets a trailing underscore). Shared by its
// generator (scripts/generators/70-python.mjs) and the docs' Python samples (apps/docs/codegen/python-sample.mjs),
// so that a sample calls exactly the method and arguments the SDK has.

export const PYTHON_KEYWORDS = new Set(
  ('False None True and as assert async await break class continue def del elif else except finally for from global if ' +
    'import in is lambda nonlocal not or pass raise return try while with yield').split(' '),
);

/** A wire name as a Python identifier: `displayName` -> `display_name`, `x-vendor-metadata` -> `x_vendor_metadata`. */
export function snakeCase(name) {
  let out = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase();
  if (/^[0-9]/.test(out)) out = `field_${out}`;
  if (out.startsWith('_')) out = `field${out}`;
  return out;
}

/** The keyword argument of a parameter or top-level body field: `dryRun` -> `dry_run`, `from` -> `from_`. */
export function pythonArgumentName(wireName) {
  const name = snakeCase(wireName);
  return PYTHON_KEYWORDS.has(name) ? `${name}_` : name;
}

/** The method of an operation: `getTeam` -> `get_team`. */
export function pythonMethodName(operationId) {
  return snakeCase(operationId);
}
