// The OpenAPI 3.0.3 rendition (@vendor/api-types/openapi-3.0.json, the docs' download): valid 3.0.3 by a
// well-kept validator, the same operations, parameters and response statuses as the 3.1 document, and the same
// verdicts: every request example and every real-shaped response (tests/conformance/lib/liberal.ts) it accepts,
// each wrong type the 3.1 document rejects it rejects too, and request bodies stay closed.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_30_RENDERINGS, createSpecModel, operationSummaries } from '@vendor/spec-model';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, doc, model } from './lib/spec.js';
import { realShapedInstances, replaceAt, requestUses, responseUses, wrongValueFor } from './lib/liberal.js';
import { doc30, errors30, rendition, validator30At } from './lib/openapi30.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('the OpenAPI 3.0.3 rendition', () => {
  it('is valid OpenAPI 3.0.3 (@apidevtools/swagger-parser, against the 3.0 schema)', async () => {
    expect(doc30.openapi).toBe('3.0.3');
    await expect(SwaggerParser.validate(structuredClone(doc30))).resolves.toBeTruthy();
  });

  it('the validator refuses the 3.1 document labelled 3.0.3, so the check above can fail', async () => {
    const relabelled = { ...structuredClone(doc), openapi: '3.0.3' };
    await expect(SwaggerParser.validate(relabelled)).rejects.toThrow(/validation failed/i);
  });

  it('has the same operations, address spaces, parameters and response statuses as the 3.1 document', () => {
    const shape = (summaries: ReturnType<typeof operationSummaries>) =>
      summaries.map((summary) => ({
        operationId: summary.operationId,
        method: summary.method,
        path: summary.path,
        addressSpace: summary.addressSpace,
        tags: summary.tags,
        parameters: summary.operation.parameters.map((p) => `${p.in} ${p.name}${p.required ? ' (required)' : ''}`),
        statuses: summary.operation.responses.map((response) => response.status),
        errorStatuses: summary.errorStatuses,
        requestBody: summary.operation.requestBody?.content.map((content) => content.mediaType) ?? [],
      }));
    expect(shape(operationSummaries(createSpecModel(doc30)))).toEqual(shape(operationSummaries(model)));
  });

  it('keeps no 3.1-only keyword: no type list, no null type, no const', () => {
    const text = JSON.stringify(doc30);
    expect(text).not.toMatch(/"type":\[/);
    expect(text).not.toMatch(/"type":"null"/);
    expect(text).not.toMatch(/"const":/);
  });

  it('lists each rendering it used on the docs page "Use the API from another language"', () => {
    const page = readFileSync(path.join(repoRoot, 'apps/docs/pages/other-languages.md'), 'utf8');
    expect(rendition.renderings.length).toBeGreaterThan(0);
    for (const id of rendition.renderings) expect(page, `the page's list names \`${OPENAPI_30_RENDERINGS[id].construct}\``).toContain(`\`${OPENAPI_30_RENDERINGS[id].construct}\``);
  });
});

describe('every request example validates against both documents; request bodies stay closed', () => {
  const bodies = requestUses(doc).filter((use) => use.label.endsWith('request body'));
  it.each(bodies.map((use) => [use.label, use] as const))('%s', (_label, use) => {
    const examples = model.operation(use.operationId).requestBody!.content.flatMap((content) => content.examples);
    expect(examples.length).toBeGreaterThan(0);
    const validate31 = compile(use.schema);
    const validate30 = validator30At(use.location);
    for (const example of examples) {
      expect(validate31(example.value), `3.1, example ${example.name}`).toBe(true);
      expect(validate30(example.value), `3.0, example ${example.name}: ${errors30(validate30)}`).toBe(true);
      const withUnknown = { ...(example.value as object), zzUnknownField: 1 };
      expect(validate30(withUnknown), `3.0 accepts an unknown top-level field in example ${example.name}`).toBe(false);
    }
  });

  const parameters = requestUses(doc).filter((use) => use.label.includes(' parameter '));
  it('every parameter example, in both', () => {
    let checked = 0;
    for (const op of model.operations) {
      for (const parameter of op.parameters) {
        if (parameter.example === undefined || parameter.schemaPointer === undefined) continue;
        const use = parameters.find((candidate) => candidate.operationId === op.operationId && candidate.label.endsWith(`${parameter.in} parameter ${parameter.name}`))!;
        expect(compile(use.schema)(parameter.example), `3.1 ${use.label}`).toBe(true);
        expect(validator30At(use.location)(parameter.example), `3.0 ${use.label}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('liberal responses: the 3.0 rendition gives the 3.1 verdict on every real-shaped body and every wrong type', () => {
  it.each(responseUses(doc).map((use) => [use.label, use] as const))('%s', (_label, use) => {
    const validate31 = compile(use.schema);
    const validate30 = validator30At(use.location);
    const disagreements: string[] = [];
    let mutations = 0;
    for (const { name, value, slots } of realShapedInstances(doc, use)) {
      if (!validate30(value)) disagreements.push(`${name}: rejected by 3.0: ${errors30(validate30)}`);
      for (const slot of slots) {
        const original = slot.path.reduce((node: any, segment) => node[segment], value);
        const wrong = wrongValueFor(original, slot.accepts);
        if (wrong === undefined) continue;
        mutations += 1;
        const mutated = replaceAt(value, slot.path, wrong);
        if (validate30(mutated) !== validate31(mutated)) disagreements.push(`${name} /${slot.path.join('/')} = ${JSON.stringify(wrong)}: 3.1 ${validate31(mutated)}, 3.0 ${validate30(mutated)}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(mutations).toBeGreaterThan(0);
  });
});
