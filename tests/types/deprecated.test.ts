// Deprecation reaches the client's users in their editor: `deprecated: true` is `@deprecated` in the types'
// and the client's JSDoc, and an `x-sunset` date is written beside it.
import { describe, expect, test } from 'vitest';
// @ts-expect-error: plain ESM generator without type declarations
import { typesFor } from '../../scripts/generators/20-types.mjs';
// @ts-expect-error: plain ESM generator without type declarations
import { generate as generateClient } from '../../scripts/generators/30-client.mjs';

const fixture = {
  openapi: '3.1.0',
  info: { title: 'Fixture', version: '0.1.0' },
  servers: [{ url: 'https://{base_url}', variables: { base_url: { default: 'api.example' } } }],
  paths: {
    '/teams/{id}': {
      get: {
        operationId: 'getTeam',
        'x-idempotent': true,
        'x-error-shape': 'control-plane',
        summary: 'Get a team',
        deprecated: true,
        'x-sunset': '2027-06-30',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'expand', in: 'query', deprecated: true, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'The team', content: { 'application/json': { schema: { $ref: '#/components/schemas/Team' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Team: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          size: { type: 'integer', description: 'Members.', deprecated: true, 'x-sunset': '2027-01-31' },
        },
      },
    },
  },
};

describe('deprecated parts in the generated TypeScript', () => {
  test('types: @deprecated on the operation, the parameter and the field, with each sunset date', async () => {
    const types: string = await typesFor(fixture);
    expect(types).toMatch(/\/\*\*\n\s+\* Get a team\n\s+\* @deprecated\n\s+\* @description Deprecated: may be removed from 2027-06-30\.\n\s+\*\/\n\s+get: operations\["getTeam"\];/);
    expect(types).toMatch(/\/\*\* @deprecated \*\/\n\s+expand\?: string;/);
    expect(types).toMatch(/\* @deprecated\n\s+\* @description Members\.\n\s+\*\n\s+\*\s+Deprecated: may be removed from 2027-01-31\.\n\s+\*\/\n\s+size\?: number;/);
    expect(fixture.components.schemas.Team.properties.size.description).toBe('Members.'); // the bundle itself is not changed
  });

  test('client: the method of a deprecated operation carries @deprecated with its sunset date', async () => {
    const files: { path: string; content: string }[] = await generateClient({ bundle: fixture });
    const methods = files.find((file) => file.path.endsWith('methods.ts'))!.content;
    expect(methods).toMatch(/\* @deprecated May be removed from 2027-06-30\.\n\s+\*\/\n\s+getTeam\(/);
  });

  test('a malformed sunset date is refused, naming where it is', async () => {
    const broken = structuredClone(fixture);
    (broken.components.schemas.Team.properties.size as Record<string, unknown>)['x-sunset'] = 'soon';
    await expect(typesFor(broken)).rejects.toThrow('x-sunset must be a date YYYY-MM-DD (got "soon")');
  });
});
