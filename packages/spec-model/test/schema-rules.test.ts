// The shapes several readers recognise (the types generator, the conformance tests, the breaking-change gate,
// the validation proxy): each rule on the spellings it must accept and the near misses it must not.
import { describe, expect, it } from 'vitest';
import {
  allowsNull,
  enumValues,
  isAnyStringBranch,
  isEnumLike,
  isKnownValuesBranch,
  isNullSchema,
  isOpenEnum,
  nullableWrapper,
  openEnumKnownIndex,
  openEnumValues,
  resolveRef,
} from '../src/index.js';

const document = {
  components: {
    schemas: {
      Null: { type: 'null' },
      Status: { type: 'string', enum: ['active', 'retired'] },
      AnyString: { type: 'string' },
      Team: { type: 'object' },
    },
  },
};
const resolve = (schema: unknown) => resolveRef(document, schema);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const known = { type: 'string', enum: ['a', 'b'] };
const anyString = { type: 'string' };

describe('null schemas and nullable wrappers', () => {
  it('a null schema is {type: null} with nothing but annotations and extensions beside it', () => {
    expect(isNullSchema({ type: 'null' })).toBe(true);
    expect(isNullSchema({ type: 'null', description: 'unset', 'x-provenance': 'service' })).toBe(true);
    expect(isNullSchema({ type: 'null', enum: [null] })).toBe(false);
    expect(isNullSchema({ type: ['string', 'null'] })).toBe(false);
    expect(isNullSchema(null)).toBe(false);
  });

  it('a nullable wrapper is anyOf or oneOf of X and null, giving X as written and where it is', () => {
    expect(nullableWrapper({ anyOf: [ref('Team'), { type: 'null' }], description: 'd' })).toEqual({ keyword: 'anyOf', index: 0, inner: ref('Team') });
    expect(nullableWrapper({ oneOf: [{ type: 'null' }, { type: 'integer' }] })).toEqual({ keyword: 'oneOf', index: 1, inner: { type: 'integer' } });
  });

  it('looks through $refs of the branches only with the reader’s resolver', () => {
    const wrapper = { anyOf: [ref('Team'), ref('Null')] };
    expect(nullableWrapper(wrapper)).toBeUndefined();
    expect(nullableWrapper(wrapper, resolve)).toEqual({ keyword: 'anyOf', index: 0, inner: ref('Team') });
  });

  it('is no wrapper with a constraint beside it, three branches, two nulls, or both keywords', () => {
    expect(nullableWrapper({ anyOf: [ref('Team'), { type: 'null' }], type: 'object' })).toBeUndefined();
    expect(nullableWrapper({ anyOf: [ref('Team'), { type: 'string' }, { type: 'null' }] })).toBeUndefined();
    expect(nullableWrapper({ anyOf: [{ type: 'null' }, { type: 'null' }] })).toBeUndefined();
    expect(nullableWrapper({ anyOf: [ref('Team'), { type: 'null' }], oneOf: [ref('Team')] })).toBeUndefined();
  });

  it('allowsNull: any spelling of null, on the schema or on a direct branch', () => {
    for (const schema of [{ type: 'null' }, { type: ['string', 'null'] }, { nullable: true }, { enum: ['a', null] }, { const: null }]) {
      expect(allowsNull(schema), JSON.stringify(schema)).toBe(true);
    }
    expect(allowsNull({ oneOf: [ref('Team'), ref('Null')] }, resolve)).toBe(true);
    expect(allowsNull({ oneOf: [ref('Team'), ref('Null')] })).toBe(false);
    expect(allowsNull({ type: 'string', enum: ['a'] })).toBe(false);
    expect(allowsNull({ properties: { inner: { type: 'null' } } })).toBe(false);
  });
});

describe('enumerations', () => {
  it('an open enumeration: the known string values, any other string, and at most one null', () => {
    expect(isOpenEnum({ anyOf: [known, anyString] })).toBe(true);
    expect(isOpenEnum({ anyOf: [anyString, known, { type: 'null' }], description: 'd' })).toBe(true);
    expect(openEnumKnownIndex({ anyOf: [anyString, known] })).toBe(1);
    expect(openEnumValues({ anyOf: [known, anyString] })).toEqual(['a', 'b']);
  });

  it('is no open enumeration with a constrained "other" string, non-string values, another branch, or no anyOf', () => {
    expect(isOpenEnum({ anyOf: [known, { type: 'string', pattern: '^x' }] })).toBe(false);
    expect(isOpenEnum({ anyOf: [{ type: 'integer', enum: [1] }, anyString] })).toBe(false);
    expect(isOpenEnum({ anyOf: [known, anyString, { type: 'integer' }] })).toBe(false);
    expect(isOpenEnum({ oneOf: [known, anyString] })).toBe(false);
    expect(openEnumValues({ type: 'string' })).toEqual([]);
    expect(isKnownValuesBranch({ enum: ['a'] })).toBe(false);
    expect(isAnyStringBranch({ type: 'string', format: 'date-time' })).toBe(false);
  });

  it('resolves $ref branches only with the reader’s resolver', () => {
    const open = { anyOf: [ref('Status'), ref('AnyString')] };
    expect(isOpenEnum(open)).toBe(false);
    expect(openEnumKnownIndex(open, resolve)).toBe(0);
    expect(openEnumValues(open, resolve)).toEqual(['active', 'retired']);
  });

  it('isEnumLike: enum on the schema or on a direct branch', () => {
    expect(isEnumLike({ type: 'string', enum: ['a'] })).toBe(true);
    expect(isEnumLike({ anyOf: [known, anyString] })).toBe(true);
    expect(isEnumLike({ oneOf: [ref('Status')] }, resolve)).toBe(true);
    expect(isEnumLike({ oneOf: [ref('Status')] })).toBe(false);
    expect(isEnumLike({ const: 'a' })).toBe(false);
    expect(isEnumLike({ properties: { s: known } })).toBe(false);
  });

  it('enumValues: the enum, or the const as a list of one', () => {
    expect(enumValues({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(enumValues({ const: null })).toEqual([null]);
    expect(enumValues({ type: 'string' })).toBeUndefined();
  });
});
