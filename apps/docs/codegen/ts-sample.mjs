// The TypeScript sample of one operation: @vendor/api-client called with the operation's request examples.
import { CLIENT_PACKAGE, CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from './constants.mjs';
import { propertyKey, toTsLiteral } from './literal.mjs';

/** The init argument of the client method: openapi-fetch's `params.{path,query,header}` and `body`. */
export function methodInit(op) {
  const init = {};
  for (const location of ['path', 'query', 'header']) {
    const params = op.params.filter((p) => p.in === location);
    if (params.length === 0) continue;
    init.params ??= {};
    init.params[location] = Object.fromEntries(params.map((p) => [p.name, p.value]));
  }
  if (op.body) init.body = op.body.value;
  return init;
}

/** @param {import('./operations.mjs').SampleOperation} op */
export function typescriptSample(op) {
  const init = methodInit(op);
  const args = Object.keys(init).length === 0 ? '' : toTsLiteral(init, 0, 40);
  const call = `await platform.${propertyKey(op.operationId)}(${args});`;
  const result = op.dataEnvelope ? `const { data } = ${call}\nconsole.log(data);` : `const result = ${call}\nconsole.log(result);`;
  return [
    `import { createPlatformClient } from '${CLIENT_PACKAGE}';`,
    '',
    'const platform = createPlatformClient({',
    `  baseUrl: '${CONTROL_PLANE_BASE_URL}',`,
    `  gatewayBaseUrl: '${GATEWAY_BASE_URL}',`,
    `  token: process.env.${TOKEN_ENV_VAR}!,`,
    '});',
    '',
    result,
    '',
  ].join('\n');
}
