// Annotations (never breaks; the changelog's deprecation and documentation entries): a field or schema
// newly deprecated (with its `x-sunset` date), no longer deprecated, or with another description.
import { deprecationMessage } from '../deprecation.mjs';

/** @param {import('../schema-pair.mjs').SchemaPair} pair both schemas are objects */
export function checkAnnotations(pair) {
  const { oldSchema, newSchema } = pair;
  const wasDeprecated = oldSchema.deprecated === true;
  const isDeprecated = newSchema.deprecated === true;
  if (isDeprecated && !wasDeprecated) pair.note('deprecation', 'deprecated-field', ['deprecated'], deprecationMessage('it', newSchema).replace(/^it is /, ''));
  if (wasDeprecated && !isDeprecated) pair.note('documentation', 'undeprecated', ['deprecated'], 'no longer deprecated');
  if (isDeprecated && wasDeprecated && oldSchema['x-sunset'] !== newSchema['x-sunset']) {
    pair.note('deprecation', 'changed-sunset', ['x-sunset'], `may be removed from ${newSchema['x-sunset'] ?? '(no date)'} (was ${oldSchema['x-sunset'] ?? 'no date'})`);
  }
  if ((oldSchema.description ?? '') !== (newSchema.description ?? '')) pair.note('documentation', 'changed-description', ['description'], 'description changed');
}
