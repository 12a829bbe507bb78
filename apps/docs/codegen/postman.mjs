// The Postman collection and its environment, converted from the contract by openapi-to-postmanv2 and then
// adjusted so they run as they are: each request goes to `{{baseUrl}}` or `{{gatewayBaseUrl}}` by its
// address space, authenticates with `{{token}}`, and an operation with several named request examples
// gets one request per example. Converter ids are random, so they are dropped (Postman assigns its own on
// import) and the output is the same for the same spec (the drift check relies on it).
import Converter from 'openapi-to-postmanv2';
import { listOperations } from './operations.mjs';

export const ENVIRONMENT_NAME = 'Platform API: local mock';
/** Where `npm run mock` and `npx vendor-api-mock --port 4010` listen. */
export const MOCK_URL = 'http://127.0.0.1:4010';
export const TOKEN_PLACEHOLDER = 'replace-with-your-token';

const CONVERTER_OPTIONS = {
  folderStrategy: 'Tags',
  requestNameSource: 'Fallback',
  parametersResolution: 'Example',
  includeAuthInfoInExample: false,
};

function convert(bundle) {
  return new Promise((resolve, reject) => {
    Converter.convertV2({ type: 'json', data: structuredClone(bundle) }, CONVERTER_OPTIONS, (error, result) => {
      if (error) return reject(error);
      if (!result.result) return reject(new Error(`openapi-to-postmanv2 could not convert the spec: ${result.reason}`));
      return resolve(result.output[0].data);
    });
  });
}

/** `/teams/{id}` -> `teams/:id`, the converter's form of a path. */
const postmanPath = (path) => path.replace(/^\//, '').replace(/\{([^}]+)\}/g, ':$1');

function withoutIds(value) {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id' && key !== '_postman_id').map(([key, v]) => [key, withoutIds(v)]));
}

/** Points every `url.host` inside `node` (the request and the saved example requests) at `hostVariable`. */
function setHost(node, hostVariable) {
  if (Array.isArray(node)) return node.forEach((n) => setHost(n, hostVariable));
  if (node === null || typeof node !== 'object') return undefined;
  if (node.url && typeof node.url === 'object' && Array.isArray(node.url.host)) node.url.host = [hostVariable];
  for (const value of Object.values(node)) setHost(value, hostVariable);
  return undefined;
}

function requestItems(collection) {
  const items = [];
  const walk = (list) => list.forEach((item) => (Array.isArray(item.item) ? walk(item.item) : items.push(item)));
  walk(collection.item);
  return items;
}

/** Replaces each folder's request for `op` by one request per named request example. */
function expandExamples(collection, item, op) {
  if (op.bodies.length < 2) return;
  const copies = op.bodies.map((body, i) => {
    const copy = structuredClone(item);
    if (i > 0) copy.name = `${item.name} (${body.summary ?? body.exampleName})`;
    copy.request.body.raw = JSON.stringify(body.value, null, 2);
    return copy;
  });
  const replaceIn = (list) => {
    const at = list.indexOf(item);
    if (at >= 0) list.splice(at, 1, ...copies);
    for (const child of list) if (Array.isArray(child.item)) replaceIn(child.item);
  };
  replaceIn(collection.item);
}

/** @returns {Promise<{ collection: object, environment: object }>} */
export async function postmanFiles(bundle) {
  const collection = withoutIds(await convert(bundle));
  const ops = listOperations(bundle);
  for (const item of requestItems(collection)) {
    const path = item.request.url.path.join('/');
    const op = ops.find((o) => o.method === item.request.method.toLowerCase() && postmanPath(o.path) === path);
    if (!op) throw new Error(`Postman item "${item.name}" (${item.request.method} ${path}) matches no operation of the spec`);
    setHost(item, op.space === 'gateway' ? '{{gatewayBaseUrl}}' : '{{baseUrl}}');
    expandExamples(collection, item, op);
  }
  // The environment holds the base URLs; collection variables would hide what the environment sets.
  collection.variable = [];
  collection.auth = { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] };
  const environment = {
    name: ENVIRONMENT_NAME,
    values: [
      { key: 'baseUrl', value: MOCK_URL, type: 'default', enabled: true },
      { key: 'gatewayBaseUrl', value: MOCK_URL, type: 'default', enabled: true },
      { key: 'token', value: TOKEN_PLACEHOLDER, type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
  return { collection, environment };
}
