// Arguments are checked against the tool's input schema (the spec's rules) before anything is sent, so a bad
// argument costs no request and its error names the argument and the rule, as the API's own 400s would.
import { decodePointer } from '@vendor/spec-model';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ToolDescriptor } from './tool-descriptor.js';

type Ajv2020 = InstanceType<typeof import('ajv/dist/2020.js').Ajv2020>;

// Enough to fix a call; an anyOf that fails in every branch would otherwise list each branch's complaints.
const MOST_PROBLEMS = 8;

/** Checks arguments of the tools of one server: ajv is loaded on the first call and each schema compiled once. */
export function createArgumentCheck(): (tool: ToolDescriptor, args: unknown) => Promise<string[]> {
  let ajv: Promise<Ajv2020> | undefined;
  const compiled = new Map<string, ValidateFunction>();

  return async (tool, args) => {
    ajv ??= loadAjv();
    let validate = compiled.get(tool.name);
    if (validate === undefined) {
      validate = (await ajv).compile(tool.inputSchema);
      compiled.set(tool.name, validate);
    }
    if (validate(args)) return [];
    return problemsOf(validate.errors ?? []);
  };
}

async function loadAjv(): Promise<Ajv2020> {
  const [{ Ajv2020 }, formatsModule] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: Ajv2020) => unknown;
  // Not strict: the spec's schemas carry OpenAPI's annotations (`example`, `discriminator`), which ajv does not know.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** One line per problem, `field: what is wrong (rule)`, each field named as the caller wrote it (`body.manifest.name`). */
export function problemsOf(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map(describeProblem);
  return [...new Set(lines)].slice(0, MOST_PROBLEMS);
}

function describeProblem(error: ErrorObject): string {
  const at = fieldName(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${join(at, String(params.missingProperty))}: is required (required)`;
  if (error.keyword === 'additionalProperties') {
    const what = at === '' ? 'is not an argument of this tool' : 'is not a known property';
    return `${join(at, String(params.additionalProperty))}: ${what} (additionalProperties)`;
  }
  return `${at === '' ? 'arguments' : at}: ${error.message ?? 'is invalid'} (${error.keyword})`;
}

/** ajv's JSON pointer into the arguments as the caller wrote them: `/body/manifest/0/name` -> `body.manifest[0].name`. */
function fieldName(instancePath: string): string {
  return decodePointer(instancePath).reduce((name, token) => (/^\d+$/.test(token) ? `${name}[${token}]` : join(name, token)), '');
}

const join = (parent: string, child: string) => (parent === '' ? child : `${parent}.${child}`);
