// One line per change in a partner's words: where in the operation (a parameter, the request body, a
// response and the field inside it, as `data[].name`) and what changed. Built from the change's path
// below its operation (['responses', '200', 'content', 'application/json', 'schema', 'properties', 'data']).

/** Schema keywords that lead into a named place of the value: how they print in a field path. */
const FIELD_STEPS = {
  properties: (name) => name,
  items: () => '[]',
  additionalProperties: () => '{*}',
  unevaluatedProperties: () => '{*}',
  prefixItems: (index) => `[${index}]`,
};
/** Keywords followed by a position or name that is not part of the field path (union branches). */
const SKIPPED_WITH_ARGUMENT = new Set(['anyOf', 'oneOf', 'allOf']);

/**
 * @param {(string | number)[]} segments the change's path below the operation
 * @param {string} kind
 * @param {string} message the comparer's message
 */
export function changeLine(segments, kind, message) {
  const [area, ...rest] = segments;
  const place = placeOf(area, rest);
  const text = place ? `${place}: ${message}` : capitalize(message);
  return text.endsWith('.') ? text : `${text}.`;
}

/** "Query parameter `limit`", "Request body, field `name`", "Response 200, header `X-Rate-Limit`"; undefined at the operation. */
function placeOf(area, rest) {
  if (area === 'parameters') {
    const [filter, ...inside] = rest;
    // The parameter-level messages name the parameter themselves; only its schema needs a place.
    if (inside[0] !== 'schema') return undefined;
    const { name, location } = parseParameterFilter(String(filter));
    return withField(`${capitalize(location)} parameter \`${name}\``, inside.slice(1));
  }
  if (area === 'requestBody') {
    if (rest[0] !== 'content' || rest[2] !== 'schema') return undefined;
    return withField('Request body', rest.slice(3));
  }
  if (area === 'responses') {
    const [status, part, name, schemaKeyword, ...inside] = rest;
    if (part === 'headers' && schemaKeyword === 'schema') return `Response ${status}, header \`${name}\``;
    if (part === 'content' && schemaKeyword === 'schema') return withField(`Response ${status}`, inside);
    return undefined;
  }
  return undefined;
}

function withField(place, schemaSegments) {
  const field = fieldPath(schemaSegments);
  return field ? `${place}, field \`${field}\`` : place;
}

/**
 * The dotted field path of a change inside a schema. A change that ends at `properties.<name>` or `required`
 * names its field in its message, so the path stops at the object that holds it.
 */
export function fieldPath(schemaSegments) {
  const segments = [...schemaSegments];
  const endsAtNamedField = segments.length >= 2 && segments.at(-2) === 'properties';
  if (endsAtNamedField) segments.splice(-2, 2);
  let path = '';
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    const step = FIELD_STEPS[segment];
    if (step) {
      const argument = segment === 'properties' || segment === 'prefixItems' ? segments[(i += 1)] : undefined;
      const text = step(argument);
      path += text.startsWith('[') || text.startsWith('{') || path === '' ? text : `.${text}`;
      continue;
    }
    if (SKIPPED_WITH_ARGUMENT.has(String(segment))) i += 1;
  }
  return path;
}

function parseParameterFilter(filter) {
  const match = /@\.name=='(.*)' && @\.in=='(.*)'/.exec(filter);
  return match ? { name: match[1], location: match[2] } : { name: filter, location: 'a' };
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
