// Property checks: a removed field (request or response), a response field that is no longer
// required, a new required request field; the fields that stay are compared in turn.
// readOnly fields are skipped in requests (the caller does not send them), writeOnly fields in
// responses (the server does not return them).
import { isJsonObject } from '../json-values.mjs';
import { resolveRef } from '../resolve-ref.mjs';

/** @param {import('../schema-pair.mjs').SchemaPair} pair */
export function checkProperties(pair) {
  const oldProperties = propertiesOf(pair.oldSchema);
  const newProperties = propertiesOf(pair.newSchema);
  const oldRequired = requiredOf(pair.oldSchema);
  const newRequired = requiredOf(pair.newSchema);
  for (const [name, oldProperty] of Object.entries(oldProperties)) {
    if (isOutsideDirection(pair, pair.oldDocument, oldProperty)) continue;
    if (!(name in newProperties)) {
      const kind = pair.isResponse ? 'removed-response-field' : 'removed-request-field';
      pair.report(kind, ['properties', name], `field ${name} removed`);
      continue;
    }
    const noLongerRequired = oldRequired.has(name) && !newRequired.has(name);
    const nowRequired = !oldRequired.has(name) && newRequired.has(name);
    if (pair.isResponse && noLongerRequired) pair.report('response-field-optional', ['required'], `field ${name} is no longer required (may be missing)`);
    if (pair.isRequest && noLongerRequired) pair.note('addition', 'request-field-optional', ['required'], `field \`${name}\` is now optional`);
    if (pair.isResponse && nowRequired) pair.note('addition', 'response-field-required', ['required'], `field \`${name}\` is now always returned`);
    pair.compareNested(oldProperty, newProperties[name], 'properties', name);
  }
  for (const name of Object.keys(newProperties)) {
    const isNewField = !(name in oldProperties) && !isOutsideDirection(pair, pair.newDocument, newProperties[name]);
    const isNewRequiredRequestField = pair.isRequest && newRequired.has(name); // a break, reported below
    if (isNewField && !isNewRequiredRequestField) pair.note('addition', 'added-field', ['properties', name], `new ${pair.isRequest ? 'optional ' : ''}field \`${name}\``);
  }
  if (pair.isRequest) checkNewRequiredRequestFields(pair, oldProperties, newProperties, oldRequired, newRequired);
}

/** A request field the caller must now send: a new field, or an optional one made required. */
function checkNewRequiredRequestFields(pair, oldProperties, newProperties, oldRequired, newRequired) {
  for (const name of newRequired) {
    if (oldRequired.has(name)) continue;
    const skipped = name in newProperties && isOutsideDirection(pair, pair.newDocument, newProperties[name]);
    if (skipped) continue;
    const isNewField = !(name in oldProperties);
    pair.report('new-required-request-field', ['required'], `field ${name} is now required${isNewField ? ' (new field)' : ''}`);
  }
}

/** A readOnly property of a request, or a writeOnly property of a response. */
function isOutsideDirection(pair, document, rawProperty) {
  const property = resolveRef(document, rawProperty).node;
  if (!isJsonObject(property)) return false;
  return pair.isRequest ? property.readOnly === true : property.writeOnly === true;
}

function propertiesOf(schema) {
  return isJsonObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema) {
  return new Set(Array.isArray(schema.required) ? schema.required : []);
}
