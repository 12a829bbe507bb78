// The Postman collection and its environment, converted from the contract by openapi-to-postmanv2 and then
// adjusted so they run as they are: each request goes to `{{baseUrl}}` or `{{gatewayBaseUrl}}` by its
// address space, authenticates with `{{token}}`, and an operation with several named request examples
// gets one request per example. Converter ids are random, so they are dropped (Postman assigns its own on
// import) and the output is the same for the same spec (the drift check relies on it).
// Every request carries tests read from its operation's first success response (status, body type,
// required fields), so a run against a service or mock that breaks the contract reports failures.
import Converter from 'openapi-to-postmanv2';
import { jsonContentOf, resolveRef, withPrimaryTagsOnly } from '@vendor/spec-model';
import { listOperations } from './operations.mjs';

export const ENVIRONMENT_NAME = 'Platform API: local mock';
/** Where `npm run mock` and `npx @vendor/api-mock --port 4010` listen. */
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
    // One folder per operation's resource tag: the converter files an operation under every tag it has.
    Converter.convertV2({ type: 'json', data: withPrimaryTagsOnly(bundle) }, CONVERTER_OPTIONS, (error, result) => {
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

/** A schema's own `required` plus that of its `allOf` parts (each part may be a $ref). */
function requiredFields(doc, schema) {
  const fromParts = (schema.allOf ?? []).flatMap((part) => requiredFields(doc, resolveRef(doc, part)));
  return [...new Set([...(schema.required ?? []), ...fromParts])];
}

/** The schema of property `name`, declared on the schema itself or on one of its `allOf` parts. */
function propertySchema(doc, schema, name) {
  const own = schema.properties?.[name];
  if (own) return resolveRef(doc, own);
  for (const part of schema.allOf ?? []) {
    const found = propertySchema(doc, resolveRef(doc, part), name);
    if (found) return found;
  }
  return undefined;
}

/** `object` or `array` when the schema says exactly that; a nullable or untyped schema has no one type to test. */
function containerType(schema) {
  const isContainer = schema.type === 'object' || schema.type === 'array';
  return isContainer ? schema.type : undefined;
}

/**
 * The required fields one level into a `data` envelope: of `data` itself, or of each item when `data` is
 * a list. Only for a body that requires `data` (an optional `data` may be absent).
 * @returns {{ type: 'object'|'array', required: string[] } | undefined}
 */
function envelopeData(doc, bodySchema, bodyRequired) {
  if (!bodyRequired.includes('data')) return undefined;
  const data = propertySchema(doc, bodySchema, 'data');
  const type = data ? containerType(data) : undefined;
  if (type === 'object') return { type, required: requiredFields(doc, data) };
  if (type === 'array' && data.items) return { type, required: requiredFields(doc, resolveRef(doc, data.items)) };
  return undefined;
}

/**
 * What the tests of a request for `op` check, read from the operation's first success response: every
 * request of the collection is a valid call, so that is the answer the API (and the mock) gives it.
 * @returns {{ status: number, mediaType: string|undefined, bodyType: 'object'|'array'|undefined, required: string[],
 *   data: { type: 'object'|'array', required: string[] } | undefined }}
 */
export function documentedResponse(bundle, op) {
  const success = op.operation.successResponse;
  if (!success) throw new Error(`${op.operationId} documents no success status, so its Postman request has nothing to test`);
  const status = op.operation.successStatus;
  const json = jsonContentOf(success.content);
  if (!json) return { status, mediaType: success.content[0]?.mediaType, bodyType: undefined, required: [], data: undefined };
  const { schema } = json;
  const required = requiredFields(bundle, schema);
  return { status, mediaType: json.mediaType, bodyType: containerType(schema), required, data: envelopeData(bundle, schema, required) };
}

const quote = (text) => JSON.stringify(text);
const withArticle = (type) => (type === 'array' ? 'an array' : 'an object');

/** One `pm.test`; its name is what Postman and newman list, pass or fail. */
function pmTest(name, body) {
  return [`pm.test(${quote(name)}, () => {`, ...body.map((line) => `  ${line}`), '});'];
}

/** An assertion (no `;`) that the object `target` names has every field; a failure lists the missing ones, not all of them. */
function noneMissing(target, fields, label) {
  const list = `[${fields.map(quote).join(', ')}]`;
  return `pm.expect(${list}.filter((key) => !(key in ${target})), ${label}).to.be.empty`;
}

/** The body's test: JSON of the documented type with its required fields, an empty body, or the documented media type. */
function bodyTest(expected) {
  if (!expected.mediaType) return pmTest('body is empty', ['pm.expect(pm.response.text()).to.equal("");']);
  if (expected.mediaType !== 'application/json') {
    return pmTest(`body is ${expected.mediaType}`, [`pm.expect(pm.response.headers.get("Content-Type")).to.include(${quote(expected.mediaType)});`]);
  }
  if (!expected.bodyType) return pmTest('body is JSON', ['pm.response.to.have.jsonBody();']);
  // `required` only constrains objects.
  const hasRequiredFields = expected.bodyType === 'object' && expected.required.length > 0;
  if (!hasRequiredFields) return pmTest(`body is ${withArticle(expected.bodyType)}`, [`pm.expect(pm.response.json()).to.be.an(${quote(expected.bodyType)});`]);
  return pmTest(`body is an object with ${expected.required.join(', ')}`, [
    'const body = pm.response.json();',
    'pm.expect(body).to.be.an("object");',
    `${noneMissing('body', expected.required, '"missing fields"')};`,
  ]);
}

/** The test one level into a `data` envelope, when `data` (or each of its items) has required fields. */
function dataTest(data) {
  if (!data || data.required.length === 0) return [];
  const fields = data.required.join(', ');
  if (data.type === 'object') {
    return pmTest(`data has ${fields}`, [
      'const { data } = pm.response.json();',
      'pm.expect(data).to.be.an("object");',
      `${noneMissing('data', data.required, '"missing fields in data"')};`,
    ]);
  }
  return pmTest(`each item of data has ${fields}`, [
    'const { data } = pm.response.json();',
    'pm.expect(data).to.be.an("array");',
    `data.forEach((item, i) => ${noneMissing('item', data.required, '`missing fields in data[${i}]`')});`,
  ]);
}

/** The lines of the Postman test script of a request for `op`: its documented status, then its body. */
export function testScript(bundle, op) {
  const expected = documentedResponse(bundle, op);
  return [
    ...pmTest(`status is ${expected.status}`, [`pm.response.to.have.status(${expected.status});`]),
    ...bodyTest(expected),
    ...dataTest(expected.data),
  ];
}

/** @returns {Promise<{ collection: object, environment: object }>} */
export async function postmanFiles(bundle) {
  const collection = withoutIds(await convert(bundle));
  const ops = listOperations(bundle);
  for (const item of requestItems(collection)) {
    const path = item.request.url.path.join('/');
    const op = ops.find((o) => o.method === item.request.method.toLowerCase() && postmanPath(o.path) === path);
    if (!op) throw new Error(`Postman item "${item.name}" (${item.request.method} ${path}) matches no operation of the spec`);
    setHost(item, op.addressSpace === 'gateway' ? '{{gatewayBaseUrl}}' : '{{baseUrl}}');
    // Before the copies per request example: each example is a valid call with the same documented answer.
    item.event = [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(bundle, op) } }];
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
