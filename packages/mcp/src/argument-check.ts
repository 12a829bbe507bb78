// Arguments are checked against the tool's input schema (the spec's rules) before anything is sent, so a bad
// argument costs no request and its error names the argument and the rule, as the API's own 400s would.
import { decodePointer, discriminatorBranches } from '@vendor/spec-model';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { EMAIL_FORMAT } from '@vendor/spec-model';
import type { JsonSchema, ToolDescriptor } from './tool-descriptor.js';

type Ajv2020 = InstanceType<typeof import('ajv/dist/2020.js').Ajv2020>;

/** What a check needs of a tool: its name (the cache key) and its input schema; the dynamic tools have these too. */
export type CheckedTool = Pick<ToolDescriptor, 'name' | 'inputSchema'>;

// Enough to fix a call; an anyOf that fails in every branch would otherwise list each branch's complaints.
const MOST_PROBLEMS = 8;

/** Checks arguments of the tools of one server: ajv is loaded on the first call and each schema compiled once. */
export function createArgumentCheck(): (tool: CheckedTool, args: unknown) => Promise<string[]> {
  let loading: Promise<Ajv2020> | undefined;
  const compiled = new Map<string, ValidateFunction>();

  return async (tool, args) => {
    loading ??= loadAjv();
    const ajv = await loading;
    const validate = compileOnce(compiled, tool.name, () => ajv.compile(tool.inputSchema));
    if (validate(args)) return [];
    const errors = narrowedToVariants(validate.errors ?? [], args, tool.inputSchema, (target) =>
      compileOnce(compiled, `${tool.name} ${target}`, () => ajv.compile({ $defs: tool.inputSchema.$defs, $ref: target })),
    );
    return problemsOf(errors);
  };
}

function compileOnce(cache: Map<string, ValidateFunction>, key: string, compile: () => ValidateFunction): ValidateFunction {
  let validate = cache.get(key);
  if (validate === undefined) {
    validate = compile();
    cache.set(key, validate);
  }
  return validate;
}

async function loadAjv(): Promise<Ajv2020> {
  const [{ Ajv2020 }, formatsModule] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: Ajv2020) => unknown;
  // Not strict: the spec's schemas carry OpenAPI's annotations (`example`, `discriminator`), which ajv does not
  // know. Verbose: a failed oneOf then carries its schema, whose discriminator says which variant was meant.
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
  addFormats(ajv);
  // `email` as RFC 5321 writes it: the contract's one definition (the spec model's), as the mock checks it.
  ajv.addFormat('email', EMAIL_FORMAT);
  return ajv;
}

/**
 * A `oneOf` with an OpenAPI discriminator fails with the complaints of every variant. When the value names its
 * variant (`type: mcp-server/remote`), only that variant's problems are kept; when it names none, the problem is
 * the discriminator itself. Which value selects which variant is the spec model's reading, as the mock's.
 */
function narrowedToVariants(errors: readonly ErrorObject[], args: unknown, inputSchema: JsonSchema, variantValidator: (target: string) => ValidateFunction): ErrorObject[] {
  let narrowed = [...errors];
  for (const error of errors) {
    const selection = error.keyword === 'oneOf' ? discriminatorBranches(inputSchema, error.parentSchema) : undefined;
    if (selection === undefined) continue;
    const value = valueAt(args, error.instancePath);
    const tag = (value as Record<string, unknown> | undefined)?.[selection.tag];
    const below = (other: ErrorObject) => other.instancePath === error.instancePath || other.instancePath.startsWith(`${error.instancePath}/`);
    const target: unknown = selection.branches.find((branch) => branch.value === tag)?.variant?.$ref;
    let replacement: ErrorObject[];
    if (typeof target !== 'string') {
      const known = selection.branches.map((branch) => branch.value).join(', ');
      replacement = [{ ...error, instancePath: `${error.instancePath}/${selection.tag}`, keyword: 'discriminator', message: `must be one of ${known}`, params: {} }];
    } else {
      const validateVariant = variantValidator(target);
      validateVariant(value);
      replacement = (validateVariant.errors ?? []).map((inner) => ({ ...inner, instancePath: error.instancePath + inner.instancePath }));
    }
    narrowed = [...narrowed.filter((other) => !below(other)), ...replacement];
  }
  return narrowed;
}

/** The part of the arguments an instance path points at. */
function valueAt(args: unknown, instancePath: string): unknown {
  let node = args;
  for (const token of decodePointer(instancePath)) node = (node as Record<string, unknown> | undefined)?.[token];
  return node;
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
