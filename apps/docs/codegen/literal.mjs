// Renders a JSON value as a TypeScript expression: identifiers unquoted, strings single-quoted,
// short values on one line, long ones broken over lines like a formatter would.
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_WIDTH = 100;

export function quote(text) {
  return `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

export function propertyKey(key) {
  return IDENTIFIER.test(key) ? key : quote(key);
}

function inline(value) {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? quote(value) : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${inline(v)}`).join(', ')} }`;
}

/**
 * @param value a JSON value
 * @param indent the indentation (spaces) of the line the expression starts on
 * @param used how many columns of that line are already used before the expression
 */
export function toTsLiteral(value, indent = 0, used = indent) {
  const flat = inline(value);
  if (value === null || typeof value !== 'object' || used + flat.length <= MAX_WIDTH) return flat;
  const pad = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    const items = value.map((v) => `${pad}${toTsLiteral(v, indent + 2)},`);
    return `[\n${items.join('\n')}\n${' '.repeat(indent)}]`;
  }
  const lines = Object.entries(value).map(([k, v]) => {
    const head = `${pad}${propertyKey(k)}: `;
    return `${head}${toTsLiteral(v, indent + 2, head.length)},`;
  });
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}
