import { describe, expect, it } from 'vitest';
import { createSpecModel, HTTP_METHODS, SpecModelError } from '../src/index.js';
import { CONTROL_PLANE, documentWith, GATEWAY, operation } from './documents.js';

describe('operations', () => {
  it('reads every operation of every path item, in document order and in the order OpenAPI lists the methods', () => {
    const pathItem = Object.fromEntries([...HTTP_METHODS].reverse().map((method) => [method, operation(`${method}Thing`)]));
    const model = createSpecModel(documentWith({ '/things': pathItem, '/other': { get: operation('getOther') } }));
    expect(model.operations.map((o) => `${o.method} ${o.path}`)).toEqual([...HTTP_METHODS.map((m) => `${m} /things`), 'get /other']);
    expect(HTTP_METHODS).toHaveLength(8);
  });

  it('follows a path item given as a $ref', () => {
    const document = documentWith({ '/teams': { $ref: '#/components/pathItems/Teams' } }, {
      components: { pathItems: { Teams: { get: operation('listTeams') } } },
    });
    const model = createSpecModel(document);
    expect(model.operation('listTeams').pathItem).toBe(document.components.pathItems.Teams);
    expect(model.resolve({ $ref: '#/components/pathItems/Teams' })).toBe(document.components.pathItems.Teams);
  });

  it('reads the conventions of each operation, pointing into the document', () => {
    const definition = operation('getTeam', { 'x-idempotent': false, 'x-error-shape': 'ml', tags: ['Teams'], summary: 'Get a team', deprecated: true });
    const document = documentWith({ '/teams/{id}': { get: definition } });
    const team = createSpecModel(document).operation('getTeam');
    expect(team).toMatchObject({ idempotent: false, errorShape: 'ml', tags: ['Teams'], summary: 'Get a team', deprecated: true });
    expect(team.definition).toBe(definition);
    expect(createSpecModel(documentWith({ '/a': { get: operation('a') } })).operation('a')).toMatchObject({ tags: [], summary: undefined, deprecated: false });
  });

  it('destructive: x-destructive when given, else only a DELETE', () => {
    const model = createSpecModel(documentWith({
      '/repos/{id}': { get: operation('getRepo'), delete: operation('deleteRepo'), put: operation('keepRepo', { 'x-destructive': false }) },
      '/jobs/terminate': { post: operation('terminateJob', { 'x-idempotent': false, 'x-destructive': true }) },
      '/groups': { post: operation('createGroup', { 'x-idempotent': false }) },
      '/old/{id}': { delete: operation('archiveOld', { 'x-destructive': false }) },
    }));
    const destructive = model.operations.filter((o) => o.destructive).map((o) => o.operationId);
    expect(destructive).toEqual(['deleteRepo', 'terminateJob']);
  });

  it('reads x-sunset beside deprecated: true, and refuses a malformed date or a sunset on what is not deprecated', () => {
    const read = (extra: Record<string, unknown>) => createSpecModel(documentWith({ '/a': { get: operation('a', extra) } })).operation('a');
    expect(read({ deprecated: true, 'x-sunset': '2027-06-30' }).sunset).toBe('2027-06-30');
    expect(read({ deprecated: true }).sunset).toBeUndefined();
    expect(() => read({ deprecated: true, 'x-sunset': 'next June' })).toThrow('a (GET /a): x-sunset must be a date YYYY-MM-DD (got "next June")');
    expect(() => read({ 'x-sunset': '2027-06-30' })).toThrow('a (GET /a): x-sunset needs deprecated: true beside it');
  });

  it('names an unknown operationId', () => {
    expect(() => createSpecModel(documentWith({})).operation('nope')).toThrow('The document has no operation nope');
  });
});

describe('address space: servers with {gateway_base_url}, the operation’s own, else its path item’s, else the document’s', () => {
  const model = createSpecModel(documentWith({
    '/inherits-document': { get: operation('inheritsDocument') },
    '/gateway-path': { servers: GATEWAY, get: operation('gatewayPath'), post: operation('controlPlaneOverride', { servers: CONTROL_PLANE }) },
    '/control-plane-path': { get: operation('gatewayOperation', { servers: [...CONTROL_PLANE, ...GATEWAY] }) },
  }));
  const spaceOf = (id: string) => model.operation(id).addressSpace;

  it('at the document level', () => {
    expect(spaceOf('inheritsDocument')).toBe('controlPlane');
    const gatewayDocument = createSpecModel(documentWith({ '/x': { get: operation('x') } }, { servers: GATEWAY }));
    expect(gatewayDocument.operation('x').addressSpace).toBe('gateway');
  });

  it('at the path level', () => {
    expect(spaceOf('gatewayPath')).toBe('gateway');
    expect(model.operation('gatewayPath').servers).toEqual(GATEWAY);
  });

  it('at the operation level, which wins over its path item', () => {
    expect(spaceOf('controlPlaneOverride')).toBe('controlPlane');
    expect(spaceOf('gatewayOperation')).toBe('gateway');
  });

  it('needs the variable itself: a host that merely contains the words is not the gateway', () => {
    const lookalike = createSpecModel(documentWith({ '/x': { servers: [{ url: 'https://gateway_base_url.example' }], get: operation('x') } }));
    expect(lookalike.operation('x').addressSpace).toBe('controlPlane');
  });
});

describe('parameters', () => {
  const document = documentWith({
    '/teams/{id}': {
      parameters: [
        { $ref: '#/components/parameters/TeamId' },
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
        { name: 'trace', in: 'header', schema: { type: 'string' } },
      ],
      get: operation('getTeam', {
        parameters: [
          { name: 'expand', in: 'query', schema: { $ref: '#/components/schemas/Expand' } },
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', maximum: 5 } },
          { name: 'limit', in: 'header', schema: { type: 'string' } },
        ],
      }),
    },
  }, {
    components: {
      parameters: { TeamId: { name: 'id', in: 'path', schema: { type: 'string' }, example: 't1' } },
      schemas: { Expand: { type: 'string', enum: ['members'] } },
    },
  });
  const params = createSpecModel(document).operation('getTeam').parameters;

  it('merges path-item and operation parameters; the operation’s replaces one of the same name and location, in its place', () => {
    expect(params.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:limit', 'header:trace', 'query:expand', 'header:limit']);
    const limit = params.find((p) => p.in === 'query' && p.name === 'limit')!;
    expect(limit.required).toBe(true);
    expect(limit.schema).toEqual({ type: 'integer', maximum: 5 });
  });

  it('follows $refs of parameters and of their schemas', () => {
    expect(params[0]!.definition).toBe(document.components.parameters.TeamId);
    expect(params.find((p) => p.name === 'expand')!.schema).toBe(document.components.schemas.Expand);
  });

  it('makes a path parameter required even when it does not say so, and gives a parameter without schema {}', () => {
    expect(params[0]!.required).toBe(true);
    const bare = createSpecModel(documentWith({ '/x': { get: operation('x', { parameters: [{ name: 'q', in: 'query' }] }) } }));
    expect(bare.operation('x').parameters[0]).toMatchObject({ required: false, schema: {} });
  });

  it('refuses a parameter without a name or a location, naming the operation', () => {
    const broken = documentWith({ '/x': { get: operation('x', { parameters: [{ name: 'q', in: 'body' }] }) } });
    expect(() => createSpecModel(broken)).toThrow(/^x \(GET \/x\) has a parameter without a name and an in/);
  });
});

describe('parameter examples: example, else the first of examples, else the schema’s example, else the first of its examples', () => {
  const exampleOf = (parameter: object) => {
    const document = documentWith({ '/x': { get: operation('x', { parameters: [{ name: 'q', in: 'query', ...parameter }] }) } }, {
      components: { examples: { Shared: { value: 'from-ref' } } },
    });
    return createSpecModel(document).operation('x').parameters[0]!.example;
  };
  const all = {
    example: 'own',
    examples: { first: { value: 'first-named' }, second: { value: 'second-named' } },
    schema: { type: 'string', example: 'schema-example', examples: ['schema-examples-0'], default: 'schema-default' },
  };

  it('takes each source in turn when the ones before are missing', () => {
    expect(exampleOf(all)).toBe('own');
    const { example, ...withoutExample } = all;
    expect(exampleOf(withoutExample)).toBe('first-named');
    const { examples, ...onlySchema } = withoutExample;
    expect(exampleOf(onlySchema)).toBe('schema-example');
    expect(exampleOf({ schema: { ...all.schema, example: undefined } })).toBe('schema-examples-0');
  });

  it('follows a $ref in examples, keeps a falsy example, and never takes the default', () => {
    expect(exampleOf({ examples: { shared: { $ref: '#/components/examples/Shared' } } })).toBe('from-ref');
    expect(exampleOf({ example: 0, schema: { example: 5 } })).toBe(0);
    expect(exampleOf({ schema: { type: 'integer', default: 10 } })).toBeUndefined();
  });
});

describe('request bodies and responses', () => {
  const document = documentWith({
    '/groups': {
      post: operation('createGroup', {
        requestBody: { $ref: '#/components/requestBodies/Group' },
        responses: {
          '404': { description: 'missing' },
          '201': {
            description: 'created',
            headers: { Location: { required: true, schema: { type: 'string' } }, 'X-Rate': { $ref: '#/components/headers/Rate' } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Group' }, example: { id: 'g1' } } },
          },
          '202': { $ref: '#/components/responses/Ok' },
        },
      }),
    },
    '/text': { get: operation('getText', { responses: { '2XX': { description: 'any success' }, default: { description: 'error' } } }) },
  }, {
    components: {
      requestBodies: {
        Group: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Group' },
              examples: { second: { $ref: '#/components/examples/Second' }, first: { summary: 'First', value: { name: 'a' } } },
            },
            'text/plain': { schema: { type: 'string' } },
          },
        },
      },
      examples: { Second: { summary: 'Second', value: { name: 'b' } } },
      headers: { Rate: { schema: { type: 'integer' } } },
      responses: { Ok: { description: 'ok', content: { 'application/json': {} } } },
      schemas: { Group: { type: 'object', required: ['name'] } },
    },
  });
  const model = createSpecModel(document);
  const create = model.operation('createGroup');
  const created = create.responses.find((r) => r.status === '201');

  it('reads the request body: required, each media type, its schema and its named examples in document order', () => {
    expect(create.requestBody!.required).toBe(true);
    expect(create.requestBody!.content.map((c) => c.mediaType)).toEqual(['application/json', 'text/plain']);
    const json = create.requestBody!.content[0]!;
    expect(json.schema).toBe(document.components.schemas.Group);
    expect(json.examples.map((e) => [e.name, e.summary, e.value])).toEqual([['second', 'Second', { name: 'b' }], ['first', 'First', { name: 'a' }]]);
    expect(create.requestBody!.content[1]!.examples).toEqual([]);
    expect(model.operation('getText').requestBody).toBeUndefined();
  });

  it('reads every response, with its headers, and a single example named example', () => {
    // A document's object holds integer-like keys in ascending order (JavaScript's rule), whatever order the file wrote.
    expect(create.responses.map((r) => r.status)).toEqual(['201', '202', '404']);
    const headers = '#/paths/~1groups/post/responses/201/headers';
    expect(created!.headers).toEqual([
      { name: 'Location', required: true, description: undefined, schema: { type: 'string' }, schemaPointer: `${headers}/Location/schema`, pointer: `${headers}/Location`, usedAt: `${headers}/Location` },
      { name: 'X-Rate', required: false, description: undefined, schema: { type: 'integer' }, schemaPointer: '#/components/headers/Rate/schema', pointer: '#/components/headers/Rate', usedAt: `${headers}/X-Rate` },
    ]);
    const single = '#/paths/~1groups/post/responses/201/content/application~1json/example';
    expect(created!.content[0]!.examples).toEqual([
      { name: 'example', summary: undefined, description: undefined, value: { id: 'g1' }, externalValue: undefined, pointer: single, usedAt: single },
    ]);
    expect(create.responses[1]!.content[0]!.schema).toEqual({});
  });

  it('the success response is the first with an exact 2xx status', () => {
    expect(create.successStatus).toBe(201);
    expect(create.successResponse).toBe(created);
    expect(model.operation('getText').successResponse).toBeUndefined();
    expect(model.operation('getText').successStatus).toBeUndefined();
  });
});

describe('invalid-input status: the first of 400 or 422 documented (400 when both are), else 422 for ml and 400 for the others', () => {
  const statusOf = (errorShape: string, statuses: string[]) => {
    const responses = Object.fromEntries(['200', ...statuses].map((s) => [s, { description: s }]));
    const document = documentWith({ '/x': { get: operation('x', { 'x-error-shape': errorShape, responses }) } });
    return createSpecModel(document).operation('x').invalidInputStatus;
  };

  it('takes the documented one, whatever the error shape', () => {
    expect(statusOf('ml', ['400'])).toBe(400);
    expect(statusOf('control-plane', ['422'])).toBe(422);
    expect(statusOf('gateway', ['404', '422'])).toBe(422);
    expect(statusOf('ml', ['422', '400'])).toBe(400);
  });

  it('falls back by error shape', () => {
    expect(statusOf('ml', ['404'])).toBe(422);
    expect(statusOf('control-plane', [])).toBe(400);
    expect(statusOf('gateway', ['401'])).toBe(400);
  });
});

describe('broken conventions fail with one message naming the operation and the field', () => {
  const withGetTeam = (fields: object) => documentWith({ '/teams/{id}': { get: { ...operation('getTeam'), ...fields } } });

  it.each([
    ['a missing operationId', { operationId: undefined }, 'GET /teams/{id} needs an operationId that is a valid identifier'],
    ['an operationId that is no identifier', { operationId: 'get-team' }, 'GET /teams/{id} needs an operationId that is a valid identifier'],
    ['a missing x-idempotent', { 'x-idempotent': undefined }, 'getTeam (GET /teams/{id}) needs x-idempotent: true|false'],
    ['an x-idempotent that is a string', { 'x-idempotent': 'true' }, 'getTeam (GET /teams/{id}) needs x-idempotent: true|false'],
    ['a missing x-error-shape', { 'x-error-shape': undefined }, 'getTeam (GET /teams/{id}) needs x-error-shape: ml|control-plane|gateway'],
    ['an unknown x-error-shape', { 'x-error-shape': 'json' }, 'getTeam (GET /teams/{id}) needs x-error-shape: ml|control-plane|gateway'],
    ['an x-destructive that is a string', { 'x-destructive': 'yes' }, 'getTeam (GET /teams/{id}) has x-destructive that is not true|false'],
  ])('%s', (_, fields, message) => {
    let thrown: unknown;
    try {
      createSpecModel(withGetTeam(fields));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SpecModelError);
    expect((thrown as Error).message).toBe(message);
  });

  it('a duplicate operationId, naming both places', () => {
    const document = documentWith({ '/a': { get: operation('same') }, '/b': { post: operation('same') } });
    expect(() => createSpecModel(document)).toThrow('duplicate operationId same: GET /a and POST /b');
  });

  it('a $ref that names nothing', () => {
    expect(() => createSpecModel(withGetTeam({ requestBody: { $ref: '#/components/requestBodies/Gone' } }))).toThrow('Unresolvable $ref #/components/requestBodies/Gone');
  });
});
