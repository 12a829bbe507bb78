// Each operation's request from the contract's examples, for the recipes' programs (requests.json): path
// parameters by name, query and header parameters by wire name (one object: the generated clients' parameter
// types read them so), and the first example of the JSON body. Read through the spec model, like every reader.
import type { SpecModel } from '@vendor/spec-model';

export interface RecipeRequest {
  addressSpace: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

export function recipeRequests(model: SpecModel): Record<string, RecipeRequest> {
  const requests: Record<string, RecipeRequest> = {};
  for (const op of model.operations) {
    const path: Record<string, string> = {};
    const query: Record<string, unknown> = {};
    for (const parameter of op.parameters) {
      const example = parameter.example;
      if (example === undefined) {
        if (parameter.required) throw new Error(`${op.operationId}: required ${parameter.in} parameter ${parameter.name} has no example`);
        continue;
      }
      if (parameter.in === 'path') path[parameter.name] = String(example);
      else query[parameter.name] = example;
    }
    const json = op.requestBody?.content.find((content) => content.mediaType === 'application/json');
    const body = json?.examples[0]?.value;
    requests[op.operationId] = { addressSpace: op.addressSpace, path, query, ...(body === undefined ? {} : { body }) };
  }
  return requests;
}
