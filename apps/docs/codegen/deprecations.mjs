// Redoc marks `deprecated: true` on an operation, a parameter and a field, but does not know `x-sunset`. The
// docs name the date where the reader sees the deprecation: a "Sunset <date>" badge beside a deprecated
// operation's title, and a first line in the description of each deprecated operation, parameter and field.
import { readSunset } from '@vendor/spec-model';

/** The description line of a deprecated part with a sunset date. */
export function sunsetLine(sunset) {
  return `**Deprecated:** may be removed from ${sunset}.`;
}

/** Adds the badge and the line to `operation` (a docs document's own operation object). */
export function presentOperationSunset(operation, sunset) {
  if (sunset === undefined) return;
  operation['x-badges'] = [...(operation['x-badges'] ?? []), { name: `Sunset ${sunset}`, position: 'after' }];
}

/** Every node of the docs document with `x-sunset` (operations, parameters, schemas) gets the line first in its description. */
export function presentSunsets(node, where = '#') {
  if (node === null || typeof node !== 'object') return;
  const sunset = readSunset(node, where);
  if (sunset !== undefined) node.description = node.description ? `${sunsetLine(sunset)}\n\n${node.description}` : sunsetLine(sunset);
  for (const [key, child] of Object.entries(node)) presentSunsets(child, `${where}/${key}`);
}
