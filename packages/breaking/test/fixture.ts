// A small OpenAPI 3.1 document with one of each thing the comparer looks at. Each test clones it,
// changes one thing and checks what the comparer reports.
export type Doc = Record<string, any>;

export function baseDoc(): Doc {
  return structuredClone({
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '0.1.0' },
    servers: [{ url: 'https://{base_url}', variables: { base_url: { default: 'api.example' } } }],
    paths: {
      '/teams': {
        get: {
          operationId: 'listTeams',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 25 } },
            { name: 'sort', in: 'query', schema: { type: 'string', enum: ['name', 'created'] } },
          ],
          responses: {
            '200': {
              description: 'Teams',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Team' } } } },
            },
          },
        },
        put: {
          operationId: 'createOrUpdateTeam',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TeamInput' } } },
          },
          responses: {
            '200': { description: 'Team', content: { 'application/json': { schema: { $ref: '#/components/schemas/Team' } } } },
            '400': { $ref: '#/components/responses/BadRequest' },
          },
        },
      },
      '/teams/{id}': {
        parameters: [{ $ref: '#/components/parameters/TeamId' }],
        get: {
          operationId: 'getTeam',
          parameters: [{ name: 'X-Request-Id', in: 'header', schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'Team',
              headers: { 'X-Rate-Limit': { schema: { type: 'integer' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Team' } } },
            },
            '404': { $ref: '#/components/responses/BadRequest' },
          },
        },
      },
    },
    components: {
      parameters: {
        TeamId: { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      },
      responses: {
        BadRequest: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Team: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            status: { type: 'string', enum: ['active', 'archived'] },
            size: { type: 'integer' },
            createdAt: { type: 'string', format: 'date-time' },
            parent: { anyOf: [{ $ref: '#/components/schemas/Team' }, { type: 'null' }] },
            manifest: { $ref: '#/components/schemas/TeamManifest' },
          },
        },
        TeamInput: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 3, maxLength: 50, pattern: '^[a-z][a-z0-9-]*$' },
            kind: { type: 'string', enum: ['team', 'group'] },
            size: { type: 'integer', minimum: 1, maximum: 100 },
            description: { type: 'string' },
            manifest: { $ref: '#/components/schemas/TeamManifest' },
          },
        },
        TeamManifest: {
          oneOf: [{ $ref: '#/components/schemas/HumanManifest' }, { $ref: '#/components/schemas/BotManifest' }],
        },
        HumanManifest: {
          type: 'object',
          required: ['type'],
          properties: { type: { const: 'human' }, members: { type: 'array', items: { type: 'string' } } },
        },
        BotManifest: {
          type: 'object',
          required: ['type'],
          properties: { type: { const: 'bot' }, token: { type: 'string' } },
        },
        Error: {
          type: 'object',
          required: ['message'],
          properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  });
}
