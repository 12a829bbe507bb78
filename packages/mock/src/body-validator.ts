// Validates JSON request bodies with ajv (JSON Schema 2020-12) against the bundle.
// Discriminated oneOfs are rewritten first (discriminators.ts), so only the selected variant reports.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { rewriteDiscriminators } from './discriminators.js';
import type { MockOperation } from './operations.js';
import { unescapeToken } from './pointer.js';
import type { OpenApiDocument, Violation } from './types.js';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const DOC_ID = 'mock:openapi.json';

export class BodyValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    const { $schema: _ignored, ...rest } = rewriteDiscriminators(doc);
    this.ajv.addSchema({ ...rest, $id: DOC_ID });
  }

  /** Compiles every operation's body schema now, so a broken schema fails at startup, not on a request. */
  precompile(operations: MockOperation[]): void {
    for (const op of operations) if (op.bodySchemaPointer) this.compiled(op);
  }

  validate(op: MockOperation, body: unknown): Violation[] {
    if (!op.bodySchemaPointer) return [];
    const validate = this.compiled(op);
    if (validate(body)) return [];
    // `if`/`then` wrappers (from rewritten discriminators) add "must match then schema": the variant's own errors say more.
    return dedupe((validate.errors ?? []).filter((e) => e.keyword !== 'if').map((error) => this.toViolation(error)));
  }

  private compiled(op: MockOperation): ValidateFunction {
    const pointer = op.bodySchemaPointer!;
    let validate = this.cache.get(pointer);
    if (!validate) {
      try {
        validate = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      } catch (cause) {
        throw new Error(`${op.operationId}: cannot compile the request body schema at ${pointer}: ${(cause as Error).message}`, { cause });
      }
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  private toViolation(error: ErrorObject): Violation {
    const location = ['body', ...error.instancePath.split('/').slice(1).map(unescapeToken)];
    const params = error.params as Record<string, any>;
    switch (error.keyword) {
      case 'required':
        return violation([...location, params.missingProperty], 'required', 'is required');
      case 'additionalProperties':
        return violation([...location, params.additionalProperty], 'additionalProperties', 'is not an allowed property');
      case 'unevaluatedProperties':
        return violation([...location, params.unevaluatedProperty], 'unevaluatedProperties', 'is not an allowed property');
      case 'enum':
        return violation(location, 'enum', `must be one of ${params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`);
      case 'const':
        return violation(location, 'const', `must be ${JSON.stringify(params.allowedValue)}`);
      default:
        return violation(location, error.keyword, error.message ?? `violates ${error.keyword}`);
    }
  }
}

function violation(location: string[], rule: string, text: string): Violation {
  return { location, rule, message: `${location.join('.')} ${text}` };
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.location.join('\u0000')}|${v.rule}|${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
