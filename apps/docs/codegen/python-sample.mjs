// The Python sample of one operation: the Python SDK (`vendor-api`, packages/python) called with one of the
// operation's request examples. Parameters and the top-level fields of the body are keyword arguments named as the
// SDK names them (lib/python-names.mjs); nested objects are the example's JSON as Python dicts. A paginated
// operation is iterated: the SDK follows the pages itself.
import { pythonArgumentName, pythonMethodName } from '../../../lib/python-names.mjs';
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from './constants.mjs';
import { placeholderNotes } from './placeholders.mjs';
import { sampleParams } from './ts-sample.mjs';

const MAX_WIDTH = 100;

function inline(value) {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  // A JSON string literal is a Python string literal too (the same escapes).
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')}}`;
}

/** A JSON value as a Python expression: short values on one line, long ones broken over lines as black would. */
export function toPyLiteral(value, indent = 0, used = indent) {
  const flat = inline(value);
  if (value === null || typeof value !== 'object' || used + flat.length <= MAX_WIDTH) return flat;
  const pad = ' '.repeat(indent + 4);
  const close = ' '.repeat(indent);
  if (Array.isArray(value)) return `[\n${value.map((v) => `${pad}${toPyLiteral(v, indent + 4)},`).join('\n')}\n${close}]`;
  const lines = Object.entries(value).map(([k, v]) => {
    const head = `${pad}${JSON.stringify(k)}: `;
    return `${head}${toPyLiteral(v, indent + 4, head.length)},`;
  });
  return `{\n${lines.join('\n')}\n${close}}`;
}

/** `name=value` keyword arguments of the call: parameters first, then the body's top-level fields. */
function keywordArguments(op, body) {
  const args = sampleParams(op).map((p) => [pythonArgumentName(p.name), p.value]);
  const value = body?.value;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (value !== undefined && isObject) for (const [key, field] of Object.entries(value)) args.push([pythonArgumentName(key), field]);
  else if (value !== undefined) args.push(['body', value]);
  return args;
}

/** The call, on one line when it fits after the `used` columns of its statement, else one argument a line. */
function call(method, args, used) {
  if (args.length === 0) return `client.${method}()`;
  const flat = `client.${method}(${args.map(([k, v]) => `${k}=${inline(v)}`).join(', ')})`;
  if (used + flat.length <= MAX_WIDTH) return flat;
  const lines = args.map(([k, v]) => `    ${k}=${toPyLiteral(v, 4, 4 + k.length + 1)},`);
  return `client.${method}(\n${lines.join('\n')}\n)`;
}

function callLines(op, body) {
  const method = pythonMethodName(op.operationId);
  const args = keywordArguments(op, body);
  if (op.pagination !== undefined) {
    return ['# Follows the pages for you; stop early with `break`.', `for item in ${call(method, args, 'for item in '.length)}:`, '    print(item)'];
  }
  if (op.dataEnvelope) return [`response = ${call(method, args, 'response = '.length)}`, 'print(response.data)'];
  return [`result = ${call(method, args, 'result = '.length)}`, 'print(result)'];
}

/**
 * @param {import('./operations.mjs').SampleOperation} op
 * @param {import('./operations.mjs').SampleBody} [body] the request example to send (default: the first)
 */
export function pythonSample(op, body = op.body) {
  return [
    'import os',
    '',
    'from vendor_api import PlatformClient',
    '',
    'client = PlatformClient(',
    `    base_url="${CONTROL_PLANE_BASE_URL}",`,
    `    gateway_base_url="${GATEWAY_BASE_URL}",`,
    `    token=os.environ["${TOKEN_ENV_VAR}"],`,
    ')',
    '',
    ...placeholderNotes(op).map((note) => `# ${note}`),
    ...callLines(op, body),
    '',
  ].join('\n');
}
