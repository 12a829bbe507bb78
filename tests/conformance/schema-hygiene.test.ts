// Properties of the document as a whole that the seed rules above rely on: every component schema
// compiles under ajv strict mode (no unknown or misspelt keyword), every `required` name is a declared
// property, every discriminator mapping matches its branches' consts, request bodies are strict at
// the top level (ARCHITECTURE.md) and nothing in a response is closed.
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { doc, operations, propertyNames, requestBodySchema, schemaValidator } from './lib/spec.js';

const names = Object.keys(doc.components.schemas);

describe('Component schemas', () => {
  it.each(names)('%s compiles under ajv 2020-12 strict mode', (name) => {
    expect(() => schemaValidator(name)).not.toThrow();
  });

  it.each(names)('%s: every required name is a declared property', (name) => {
    const walk = (s: any, where: string) => {
      s = resolveRef(doc, s);
      if (!s || typeof s !== 'object') return;
      if (Array.isArray(s.required)) {
        const declared = propertyNames(s);
        for (const r of s.required) expect(declared, `${where}: required ${r}`).toContain(r);
      }
      for (const [k, v] of Object.entries(s.properties ?? {})) if (!(v as any).$ref) walk(v, `${where}.${k}`);
      if (s.items && !s.items.$ref) walk(s.items, `${where}[]`);
    };
    walk(doc.components.schemas[name], name);
  });
});

const withDiscriminator = names.filter((n) => doc.components.schemas[n].discriminator);

describe('Discriminators', () => {
  it.each(withDiscriminator)('%s: mapping lists every oneOf branch once, keyed by the branch\'s const', (name) => {
    const s = doc.components.schemas[name];
    const { propertyName, mapping } = s.discriminator;
    expect(Object.values(mapping).sort()).toEqual(s.oneOf.map((b: any) => b.$ref).sort());
    for (const [value, ref] of Object.entries(mapping)) {
      const target = resolveRef(doc, { $ref: ref });
      const prop = (function find(x: any): any {
        x = resolveRef(doc, x);
        return x?.properties?.[propertyName] ?? (x?.allOf ?? []).map(find).find(Boolean);
      })(target);
      expect(prop?.const, `${ref}`).toBe(value);
    }
  });
});

describe('Request bodies: strict at the top level', () => {
  it.each(operations.filter((o) => o.op.requestBody).map((o) => o.operationId))('%s: additionalProperties false', (id) => {
    expect(resolveRef(doc, requestBodySchema(id)).additionalProperties).toBe(false);
  });
});
