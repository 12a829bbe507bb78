// The console's copy of the contract (site/console/openapi.json): the bundle with each operation's servers
// written on the operation itself (the console adds the sandboxes in front of them, one list per operation,
// so gateway operations keep their own hosts), an optional `Prefer` header whose values are the mock's and
// the sandbox's choices: a documented example by name, a documented status, a fault, a delay; and `x-destructive`
// as the model reads it (a DELETE without the mark is destructive), so the console sends only the others on one click.
import { createSpecModel } from '@vendor/spec-model';
import { referenceHref } from './console-links.mjs';

/** The faults and the delay every operation offers (the mock's `Prefer: fault=..., delay=...`). */
const FAULT_CHOICES = ['fault=503', 'fault=429', 'fault=reset', 'delay=2000'];

/** `example=<name>` for each named example of each documented response, then `code=<status>`, then the faults. */
export function preferChoices(operation) {
  const examples = operation.responses.flatMap((response) =>
    response.content.flatMap((content) => content.examples.map((example) => `example=${example.name}`)),
  );
  const codes = operation.responses.map((response) => response.status).filter((status) => /^\d{3}$/.test(status)).map((status) => `code=${status}`);
  return [...new Set([...examples, ...codes, ...FAULT_CHOICES])];
}

export const PREFER_DESCRIPTION =
  'Asks the mock or the sandbox for one answer: a documented example by name, a documented status, a fault, or a delay in milliseconds. The API itself ignores it.';

/** @returns {Record<string, any>} the console's document */
export function consoleDocument(bundle) {
  const document = structuredClone(bundle);
  for (const operation of createSpecModel(document).operations) {
    const definition = operation.definition;
    definition.servers = structuredClone(operation.servers);
    definition['x-destructive'] = operation.destructive;
    const back = `[Back to ${operation.operationId} in the reference](${referenceHref({ ...operation, tags: operation.tags })})`;
    definition.description = definition.description ? `${back}\n\n${definition.description}` : back;
    definition.parameters = [
      ...(definition.parameters ?? []),
      { name: 'Prefer', in: 'header', required: false, description: PREFER_DESCRIPTION, schema: { type: 'string', enum: preferChoices(operation) } },
    ];
  }
  return document;
}

/** Every URL a server of the contract can be, its variables at their defaults or at each allowed value. */
function expandServerUrl(server) {
  let urls = [server.url];
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    const values = Array.isArray(variable.enum) && variable.enum.length > 0 ? variable.enum : [variable.default];
    urls = urls.flatMap((url) => values.map((value) => url.split(`{${name}}`).join(String(value))));
  }
  return urls;
}

/** The origins of every server the contract's operations are sent to (for the console's connect-src). */
export function contractOrigins(bundle) {
  const origins = new Set();
  for (const operation of createSpecModel(bundle).operations) {
    for (const server of operation.servers) {
      for (const url of expandServerUrl(server)) origins.add(new URL(url).origin);
    }
  }
  return [...origins].sort();
}
