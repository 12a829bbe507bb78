// The TypeScript sample of one operation: @vendor/api-client called with one of the operation's request
// examples. A paginated operation (x-pagination) is shown with the client's iterator, which follows the pages
// itself.
import { CLIENT_PACKAGE, CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from './constants.mjs';
import { propertyKey, toTsLiteral } from './literal.mjs';
import { placeholderNotes } from './placeholders.mjs';

/** The query parameter a paginated operation's walk advances (its x-pagination's token or offset parameter). */
function cursorParameter(pagination) {
  return pagination.style === 'page-token' ? pagination.tokenParameter : pagination.offsetParameter;
}

/**
 * The parameters a sample sends. A paginated sample asks for the first page, so it leaves out the cursor
 * (the token or the offset): the iterator, or the reader, continues from what the server returns.
 */
export function sampleParams(op) {
  if (op.pagination === undefined) return op.params;
  const cursor = cursorParameter(op.pagination);
  return op.params.filter((p) => !(p.in === 'query' && p.name === cursor));
}

/** The init argument of the client method: openapi-fetch's `params.{path,query,header}` and `body`. */
export function methodInit(op, body = op.body) {
  const init = {};
  const params = sampleParams(op);
  for (const location of ['path', 'query', 'header']) {
    const here = params.filter((p) => p.in === location);
    if (here.length === 0) continue;
    init.params ??= {};
    init.params[location] = Object.fromEntries(here.map((p) => [p.name, p.value]));
  }
  if (body) init.body = body.value;
  return init;
}

function callLines(op, body) {
  const init = methodInit(op, body);
  const iterator = op.pagination?.iteratorName;
  if (iterator) {
    const args = Object.keys(init).length === 0 ? '' : toTsLiteral(init, 0, 40);
    return [`// Follows the pages for you; stop early with \`break\`.`, `for await (const item of platform.${iterator}(${args})) {`, '  console.log(item);', '}'];
  }
  const args = Object.keys(init).length === 0 ? '' : toTsLiteral(init, 0, 40);
  const call = `await platform.${propertyKey(op.operationId)}(${args});`;
  if (op.dataEnvelope) return [`const { data } = ${call}`, 'console.log(data);'];
  return [`const result = ${call}`, 'console.log(result);'];
}

/**
 * @param {import('./operations.mjs').SampleOperation} op
 * @param {import('./operations.mjs').SampleBody} [body] the request example to send (default: the first)
 */
export function typescriptSample(op, body = op.body) {
  return [
    `import { createPlatformClient } from '${CLIENT_PACKAGE}';`,
    '',
    'const platform = createPlatformClient({',
    `  baseUrl: '${CONTROL_PLANE_BASE_URL}',`,
    `  gatewayBaseUrl: '${GATEWAY_BASE_URL}',`,
    `  token: process.env.${TOKEN_ENV_VAR}!,`,
    '});',
    '',
    ...placeholderNotes(op).map((note) => `// ${note}`),
    ...callLines(op, body),
    '',
  ].join('\n');
}
