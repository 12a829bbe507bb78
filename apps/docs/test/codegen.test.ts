// Unit tests of the sample generators (apps/docs/codegen) on a small fixture document.
import { createHash } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { createSpecModel, getAtPointer } from '@vendor/spec-model';
import { describe, expect, test } from 'vitest';
import { CONTROL_PLANE_BASE_URL, DOWNLOADS, GATEWAY_BASE_URL } from '../codegen/constants.mjs';
import { curlSample, localMockNote, requestUrl, shellQuote } from '../codegen/curl-sample.mjs';
import { buildDocsBundle } from '../codegen/docs-bundle.mjs';
import { consoleLead } from '../codegen/introduction.mjs';
import { consoleDocument, preferChoices } from '../codegen/console.mjs';
import { consoleHref, referenceHref } from '../codegen/console-links.mjs';
import { documentedResponse, testScript } from '../codegen/postman.mjs';
import { redoclyConfig } from '../codegen/redocly-config.mjs';
import { presentUnions } from '../codegen/unions.mjs';
import { toTsLiteral } from '../codegen/literal.mjs';
import { listOperations } from '../codegen/operations.mjs';
import { typescriptSample } from '../codegen/ts-sample.mjs';
import { applyScriptHashes, inlineScriptHashes, SCRIPT_HASHES_PLACEHOLDER } from '../scripts/csp.mjs';
import { inlineCdnAssets } from '../scripts/offline-assets.mjs';
import { docsRoot } from './support/docs-bundle.js';

const fixture = () => parse(readFileSync(path.join(docsRoot, 'test/fixtures/fixture-spec.yaml'), 'utf8'));
const byId = (id: string) => listOperations(fixture()).find((op: any) => op.operationId === id)!;

describe('listOperations', () => {
  test('marks the operations sent to gateway servers as gateway', () => {
    const spaces = Object.fromEntries(listOperations(fixture()).map((op: any) => [op.operationId, op.addressSpace]));
    expect(spaces).toEqual({ getTeam: 'controlPlane', createSecretGroup: 'controlPlane', listAgentSessionTurns: 'gateway', getFile: 'gateway' });
  });

  test('takes path-level and $ref parameters, keeps optional query parameters and drops optional headers', () => {
    const withoutSchema = (op: any) => op.params.map(({ schema, ...p }: any) => p);
    expect(withoutSchema(byId('getTeam'))).toEqual([{ name: 'id', in: 'path', required: true, value: 'jqfwg345gi25n5ju2yz5iz6m' }]);
    expect(byId('listAgentSessionTurns').params.map((p: any) => `${p.in}:${p.name}`)).toEqual(['path:tenantName', 'path:sessionId', 'query:limit', 'query:page_token']);
    expect(withoutSchema(byId('getFile'))).toEqual([
      { name: 'id', in: 'path', required: true, value: 'file-1' },
      { name: 'x-vendor-provider-name', in: 'header', required: true, value: 'openai' },
    ]);
  });

  test('reads every named request example in order, resolving $refs; the first is the default', () => {
    const op = byId('createSecretGroup');
    expect(op.bodies).toEqual([
      { exampleName: 'first', summary: undefined, value: { name: "it's-a-group", integrationId: 'acme:aws:sm', secrets: [{ key: 'DB_PASSWORD', value: "s3cr'et" }] } },
      { exampleName: 'second', summary: 'Second group', value: { name: 'other', oneOf: ['not', 'a', 'union'] } },
    ]);
    expect(op.body).toBe(op.bodies[0]);
  });

  test('reads pagination from x-pagination, not from parameter names', () => {
    expect(byId('listAgentSessionTurns').pagination).toMatchObject({ style: 'page-token', tokenParameter: 'page_token', iteratorName: 'iterateAgentSessionTurns' });
    expect(byId('getTeam').pagination).toBeUndefined();
    const doc = fixture();
    delete doc.paths['/{tenantName}/v1/agents/sessions/{sessionId}/turns'].get['x-pagination'];
    const turns = listOperations(doc).find((op: any) => op.operationId === 'listAgentSessionTurns')!;
    expect(turns.params.map((p: any) => p.name)).toContain('page_token');
    expect(turns.pagination).toBeUndefined();
  });

  test('refuses a required parameter without an example, naming the operation', () => {
    const doc = fixture();
    delete doc.components.parameters.TeamId.example;
    expect(() => listOperations(doc)).toThrow(/getTeam: parameter path "id" has no example/);
  });

  test('refuses a request body without an example', () => {
    const doc = fixture();
    delete doc.paths['/api/svc/v1/secret-groups'].post.requestBody.content['application/json'].examples;
    expect(() => listOperations(doc)).toThrow(/createSecretGroup: request body has no example/);
  });
});

describe('toTsLiteral', () => {
  test.each([
    [{ a: 1, 'x-vendor-metadata': "it's", nested: { list: [1, 'two', null, true] } }],
    [{ long: 'x'.repeat(120), more: { deeper: ['y'.repeat(90), { z: 'line\nbreak \\ back' }] } }],
    [['\u2028', '', 0, -1.5]],
  ])('evaluates back to the same value (%#)', (value) => {
    const literal = toTsLiteral(value);
    expect(new Function(`return (${literal});`)()).toEqual(value);
  });

  test('quotes keys that are not identifiers and breaks long values over lines', () => {
    expect(toTsLiteral({ 'x-a': 1, b: 2 })).toBe("{ 'x-a': 1, b: 2 }");
    expect(toTsLiteral({ a: 'x'.repeat(100) })).toBe(`{\n  a: '${'x'.repeat(100)}',\n}`);
  });
});

describe('curl sample', () => {
  test('shellQuote survives a POSIX shell unchanged', () => {
    const text = `it's "quoted" $HOME \`cmd\` \\ end`;
    expect(execFileSync('/bin/sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
  });

  test('sends gateway operations to the gateway URL with encoded path parameters and the query', () => {
    // A paginated sample asks for the first page: the cursor (page_token) is left out.
    expect(requestUrl(byId('listAgentSessionTurns'))).toBe(`${GATEWAY_BASE_URL}/acme/v1/agents/sessions/a%20b%2Fc/turns?limit=10`);
    expect(requestUrl(byId('getTeam'))).toBe(`${CONTROL_PLANE_BASE_URL}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`);
  });

  test('says in its first line how to send it to the local mock: which host to replace, and that any token works', () => {
    expect(curlSample(byId('getTeam')).split('\n')[0]).toBe(
      `# Local mock (npm start, or npx @vendor/api-mock --port 4010): use http://127.0.0.1:4010 for ${CONTROL_PLANE_BASE_URL}, and any token (VENDOR_API_TOKEN=any).`,
    );
    expect(curlSample(byId('getFile')).split('\n')[0]).toContain(`use http://127.0.0.1:4010 for ${GATEWAY_BASE_URL},`);
  });

  test('pasted with the host replaced as its first line says, it is answered by the mock', async () => {
    const { startMock } = await import('@vendor/api-mock');
    const mock = await startMock({ port: 0, onWarning: () => {} });
    try {
      for (const id of ['getTeam', 'getFile']) {
        const sample = curlSample(byId(id));
        const base = /use http:\/\/127\.0\.0\.1:4010 for (\S+),/.exec(sample)![1]!;
        const pasted = sample.split(base).join(mock.url);
        // Not execFileSync: the mock answers from this process, whose event loop must keep running.
        const { stdout } = await promisify(execFile)('/bin/sh', ['-c', `${pasted.trimEnd()} --silent --max-time 60 --output /dev/null --write-out '%{http_code}'`], {
          encoding: 'utf8',
          env: { ...process.env, VENDOR_API_TOKEN: 'any' },
        });
        expect(stdout, id).toBe('200');
      }
    } finally {
      await mock.close();
    }
  });

  test('sends the bearer token, the required headers and the JSON body', () => {
    const file = curlSample(byId('getFile'));
    expect(file).toContain('--header "Authorization: Bearer $VENDOR_API_TOKEN"');
    expect(file).toContain("--header 'x-vendor-provider-name: openai'");
    const create = curlSample(byId('createSecretGroup'));
    const data = /--data '([\s\S]*)'\n$/.exec(create)?.[1];
    expect(JSON.parse(data!.replace(/'\\''/g, "'"))).toEqual(byId("createSecretGroup").body?.value);
  });
});

describe('TypeScript sample', () => {
  test('calls the operation method with params and body from the examples', () => {
    const source = typescriptSample(byId('getFile'));
    expect(source).toContain("import { createPlatformClient } from '@vendor/api-client';");
    expect(source).toContain("const result = await platform.getFile({\n  params: { path: { id: 'file-1' }, header: { 'x-vendor-provider-name': 'openai' } },\n});\nconsole.log(result);");
    expect(typescriptSample(byId('getTeam'))).toContain('const { data } = await platform.getTeam(');
    expect(typescriptSample(byId('createSecretGroup'))).toContain("name: 'it\\'s-a-group'");
  });

  test('shows a paginated operation with the iterator, from the first page', () => {
    const source = typescriptSample(byId('listAgentSessionTurns'));
    expect(source).toContain("for await (const item of platform.iterateAgentSessionTurns({\n  params: { path: { tenantName: 'acme', sessionId: 'a b/c' }, query: { limit: 10 } },\n})) {\n  console.log(item);\n}");
    expect(source).not.toContain('page_token');
  });

  test('sends the request example it is given', () => {
    const op = byId('createSecretGroup');
    expect(typescriptSample(op, op.bodies[1])).toContain("body: { name: 'other', oneOf: ['not', 'a', 'union'] }");
  });
});

describe("the reader's own values in a path", () => {
  test('a sample with the tenant in its path says, in a comment before the request, that its value is an example and what to use', () => {
    const turns = byId('listAgentSessionTurns');
    const tenant = turns.params.find((p: any) => p.name === 'tenantName')!.value;
    const note = `tenantName '${tenant}' is an example: use your tenant's name, the tenant your API token belongs to.`;
    const typescript = typescriptSample(turns);
    expect(typescript).toContain(`// ${note}\n`);
    expect(typescript.indexOf(note)).toBeLessThan(typescript.indexOf('platform.iterateAgentSessionTurns('));
    expect(curlSample(turns).startsWith(`# ${note}\n# ${localMockNote(turns)}\ncurl --request GET`)).toBe(true);
  });

  test('a sample without one carries no such note', () => {
    for (const id of ['getTeam', 'createSecretGroup', 'getFile']) {
      expect(typescriptSample(byId(id)), id).not.toContain('is an example: use');
      expect(curlSample(byId(id)).startsWith(`# ${localMockNote(byId(id))}\ncurl `), id).toBe(true);
    }
  });
});

describe('docs bundle', () => {
  test('adds the three samples to every operation and the introduction after the spec description, leaving the input untouched', () => {
    const input = fixture();
    const before = JSON.stringify(input);
    const { document } = buildDocsBundle(input);
    expect(JSON.stringify(input)).toBe(before);
    const labels = Object.fromEntries(listOperations(document).map((op: any) => [op.operationId, document.paths[op.path][op.method]['x-codeSamples'].map((s: any) => s.label)]));
    expect(labels).toEqual({
      getTeam: ['TypeScript', 'Python', 'curl'],
      createSecretGroup: ['TypeScript', 'Python', 'curl', 'TypeScript: Second group', 'Python: Second group', 'curl: Second group'],
      listAgentSessionTurns: ['TypeScript', 'Python', 'curl'],
      getFile: ['TypeScript', 'Python', 'curl'],
    });
    expect(document.info.description.startsWith(`${consoleLead()}\n\nFixture description.\n\n## Setting the two base URLs`)).toBe(true);
    expect(consoleLead()).toMatch(/^\*\*\[Try it in the console\]\(\/console\)\*\*/);
    expect(document.info.description).toContain('The gateway operations are `listAgentSessionTurns`, `getFile`;');
    expect(document.info.description).toContain('| `getFile` | gateway | `gateway` |');
    expect(document.info.description).toContain('The schema of each shape: `control-plane` is `ControlPlaneError`, `gateway` is `GatewayError`.');
  });

  test('a deprecated operation, parameter and field with x-sunset show the date: a badge and a first description line', () => {
    const input = fixture();
    const getTeam = input.paths['/api/svc/v1/teams/{id}'].get;
    Object.assign(getTeam, { deprecated: true, 'x-sunset': '2027-06-30' });
    getTeam.parameters = [{ name: 'expand', in: 'query', deprecated: true, 'x-sunset': '2027-03-31', example: 'members', schema: { type: 'string' } }];
    const data = getTeam.responses['200'].content['application/json'].schema.properties.data;
    data.properties = { size: { type: 'integer', description: 'Members.', deprecated: true, 'x-sunset': '2027-01-31' } };
    const { document } = buildDocsBundle(input);
    const shown = document.paths['/api/svc/v1/teams/{id}'].get;
    expect(shown['x-badges']).toEqual([{ name: 'Sunset 2027-06-30', position: 'after' }]);
    expect(shown.description.startsWith('**Deprecated:** may be removed from 2027-06-30.\n\n**Server:** ')).toBe(true);
    expect(shown.parameters[0].description).toBe('**Deprecated:** may be removed from 2027-03-31.');
    expect(shown.responses['200'].content['application/json'].schema.properties.data.properties.size.description).toBe(
      '**Deprecated:** may be removed from 2027-01-31.\n\nMembers.',
    );
  });

  test('says which operations answer a status of x-secured-responses without listing it, from the model', () => {
    const input = fixture();
    const unauthorized = { description: 'Bad token', content: { 'application/json': { schema: { type: 'object' } } } };
    input.components.responses = { CpUnauthorized: unauthorized, GwUnauthorized: unauthorized, MlUnauthorized: unauthorized };
    input['x-secured-responses'] = {
      '401': {
        ml: { $ref: '#/components/responses/MlUnauthorized' },
        'control-plane': { $ref: '#/components/responses/CpUnauthorized' },
        gateway: { $ref: '#/components/responses/GwUnauthorized' },
      },
    };
    input.paths['/api/svc/v1/teams/{id}'].get.responses['401'] = { $ref: '#/components/responses/CpUnauthorized' };
    const { description } = buildDocsBundle(input).document.info;
    const unlisted = createSpecModel(input).operations.filter((op) => op.securedResponses.length > 0).map((op) => `\`${op.operationId}\``);
    expect(unlisted).toEqual(['`createSecretGroup`', '`listAgentSessionTurns`', '`getFile`']);
    expect(description).toContain(`- **401** can occur on every operation that requires a token, in its error shape; ${unlisted.join(', ')} answer it without listing it.`);
    expect(buildDocsBundle(fixture()).document.info.description).not.toContain('x-secured-responses');
  });

  test('names the server of each operation, and badges the gateway ones', () => {
    const { document } = buildDocsBundle(fixture());
    const file = document.paths['/files/{id}'].get;
    expect(file.description).toBe('**Server:** `{scheme}://{gateway_base_url}` (the gateway). [Try it in the console](/console#tag/files/GET/files/{id})');
    expect(file['x-badges']).toEqual([{ name: 'Gateway', position: 'after' }]);
    const team = document.paths['/api/svc/v1/teams/{id}'].get;
    expect(team.description).toBe('**Server:** `https://{base_url}` (the control plane). [Try it in the console](/console#tag/teams/GET/api/svc/v1/teams/{id})');
    expect(team['x-badges']).toBeUndefined();
  });

  test('server descriptions keep their words but not their backticks (Redoc shows them as plain text), the input keeps both', () => {
    const input = fixture();
    input.servers[0].description = 'Control plane. `base_url` is the host of your control plane.';
    input.paths['/files/{id}'].servers[0].description = 'Gateway. `scheme` is `https` or `http`.';
    const { document } = buildDocsBundle(input);
    expect(document.servers[0].description).toBe('Control plane. base_url is the host of your control plane.');
    expect(document.paths['/files/{id}'].servers[0].description).toBe('Gateway. scheme is https or http.');
    expect(input.servers[0].description).toBe('Control plane. `base_url` is the host of your control plane.');
  });

  test("the introduction ends with a Support section that mails the contact of the document's info", () => {
    const input = fixture();
    input.info.contact = { name: 'Platform API team', email: 'api@vendor.example' };
    const { description } = buildDocsBundle(input).document.info;
    expect(description).toMatch(/\n## Support\nQuestions about this API, this reference or the mock: e-mail \[api@vendor\.example\]\(mailto:api@vendor\.example\) \(Platform API team\)\.\n$/);
  });

  test('without a contact e-mail address there is no Support section', () => {
    const input = fixture();
    input.info.contact = { name: 'Platform API team', url: 'https://vendor.example/support' };
    expect(buildDocsBundle(input).document.info.description).not.toContain('## Support');
  });

  test('the Redoc config lists every sample label of the document (Redoc hides unlisted ones)', () => {
    const { document, sampleLabels } = buildDocsBundle(fixture());
    const config = parse(redoclyConfig(sampleLabels));
    const listed = config.openapi.codeSamples.languages.map((l: any) => l.label);
    for (const { definition } of createSpecModel(document).operations) {
      for (const sample of definition['x-codeSamples'] ?? []) expect(listed).toContain(sample.label);
    }
    expect(config.openapi.router).toBe('history');
  });

  test('the Redoc download panel offers every download: the OpenAPI document, the Postman collection and its environment', () => {
    const config = parse(redoclyConfig([]));
    const urls = config.openapi.downloadUrls.map((d: { url: string }) => d.url);
    expect(urls.sort()).toEqual(Object.values(DOWNLOADS).map((file) => `/${file}`).sort());
  });
});

describe("the console's copy of the contract", () => {
  test('each operation carries its servers, a link back to the reference and the Prefer choices of the mock', () => {
    const document = consoleDocument(fixture());
    const getFile = document.paths['/files/{id}'].get;
    expect(getFile.servers.map((server: any) => server.url)).toEqual(['{scheme}://{gateway_base_url}']);
    expect(getFile.description.startsWith('[Back to getFile in the reference](/files/getfile)')).toBe(true);
    const prefer = getFile.parameters.find((parameter: any) => parameter.name === 'Prefer');
    expect(prefer).toMatchObject({ in: 'header', required: false });
    expect(prefer.schema.enum).toEqual([...preferChoices(listOperations(fixture()).find((op: any) => op.operationId === 'getFile')!.operation)]);
    expect(prefer.schema.enum).toEqual(expect.arrayContaining(['code=200', 'fault=503', 'fault=reset', 'delay=2000']));
    // In the real contract, the named response examples come first (the mock's `Prefer: example=<name>`).
    const real = JSON.parse(readFileSync(path.join(docsRoot, 'src/generated/site/console/openapi.json'), 'utf8'));
    const secretGroups = real.paths['/api/svc/v1/secret-groups'].post;
    expect(secretGroups.parameters.find((parameter: any) => parameter.name === 'Prefer').schema.enum).toEqual([
      'example=created', 'example=duplicateName', 'example=integrationFailed', 'code=200', 'code=422', 'code=424', 'fault=503', 'fault=429', 'fault=reset', 'delay=2000',
    ]);
  });

  test('the console link of the reference and the way back name the same operation', () => {
    const op = { tags: ['Secret Groups'], method: 'post', path: '/api/svc/v1/secret-groups', operationId: 'createSecretGroup' };
    expect(consoleHref(op)).toBe('/console#tag/secret-groups/POST/api/svc/v1/secret-groups');
    expect(referenceHref(op)).toBe('/secret-groups/createsecretgroup');
  });
});

describe('unions', () => {
  const schemas = () => buildDocsBundle(fixture()).document.components.schemas;

  test('a discriminated union names its variants by discriminator value (mapping first, then const) and drops only the discriminator', () => {
    const store = schemas().Store;
    expect(store.oneOf).toEqual([
      { $ref: '#/components/schemas/AwsStore', title: 'aws/sm' },
      { $ref: '#/components/schemas/VaultStore', title: 'vault' },
    ]);
    expect(store.discriminator).toBeUndefined();
    expect(store.description).toBe('Where the secrets are kept.\n\nSelected by `kind`: `aws/sm`, `vault`.');
  });

  test('an open enum shows its known values as one named variant and any other string as the other', () => {
    expect(schemas().State.anyOf).toEqual([
      { type: 'string', enum: ['queued', 'running'], title: 'known string' },
      { type: 'string', title: 'other string' },
    ]);
  });

  test('variants that would share a name are told apart', () => {
    const doc = { components: { schemas: { Loose: { anyOf: [{ type: 'object' }, { type: 'object', required: ['id'] }] } } } };
    expect(presentUnions(doc)[0]?.names).toEqual(['object', 'object (2)']);
  });

  test('a nullable reference is named by its schema and null', () => {
    expect(schemas().SecretGroupRequest.properties.previous.anyOf.map((v: any) => v.title)).toEqual(['AwsStore', 'null']);
  });

  test('example values are data: a `oneOf` key inside an example is left alone', () => {
    const { document } = buildDocsBundle(fixture());
    expect(document.paths['/api/svc/v1/secret-groups'].post.requestBody.content['application/json'].examples.second.value.oneOf).toEqual(['not', 'a', 'union']);
  });

  test('in the real contract, every union shows named variants, and discriminated ones are named by their discriminator values', async () => {
    const contract = JSON.parse(readFileSync(path.join(docsRoot, '../../packages/types/src/generated/openapi.json'), 'utf8'));
    const views = presentUnions(structuredClone(contract));
    expect(views.length).toBeGreaterThan(0);
    for (const view of views) {
      const original = getAtPointer(contract, view.pointer);
      expect(view.names.every((n: string) => typeof n === 'string' && n.length > 0), view.pointer).toBe(true);
      expect(new Set(view.names).size, `${view.pointer}: variant names are distinct`).toBe(view.names.length);
      // A variant the mapping names is shown under its mapping key (a union may have other variants too).
      for (const [key, ref] of Object.entries<string>(original.discriminator?.mapping ?? {})) {
        const index = original[view.keyword].findIndex((v: any) => v.$ref === ref);
        if (index >= 0) expect(view.names[index], `${view.pointer} variant ${ref}`).toBe(key);
      }
    }
  });
});

describe('built page hardening', () => {
  const page = `<head><meta content="script-src ${SCRIPT_HASHES_PLACEHOLDER}"></head><script>a()</script><script type="module">b()</script>`;

  test('the CSP lists the sha256 of each inline script', () => {
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(applyScriptHashes(page)).toContain(`script-src ${sha('a()')} ${sha('b()')}"`);
  });

  test('refuses a page that loads a script by URL, or has no placeholder', () => {
    expect(() => inlineScriptHashes('<script src="https://cdn.example.com/x.js"></script>')).toThrow(/loads a script by URL/);
    expect(() => applyScriptHashes('<script>a()</script>')).toThrow(/placeholder/);
  });

  test("replaces Redoc's CDN logo with an inline image", () => {
    const out = inlineCdnAssets('src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`');
    expect(out).not.toContain('https://');
    expect(out).toContain('data:image/svg+xml;base64,');
  });
});

describe('Postman test scripts', () => {
  // A contract whose success responses hide their required fields behind $refs and allOf.
  const conventions = { 'x-idempotent': true, 'x-error-shape': 'control-plane' };
  const contract = () => ({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/teams/{id}': { get: { operationId: 'getTeam', ...conventions, responses: { '404': { description: 'no' }, '200': { $ref: '#/components/responses/Team' } } } },
      '/turns': { get: { operationId: 'listTurns', ...conventions, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/TurnPage' } } } } } } },
      '/teams/{id}/archive': { post: { operationId: 'archiveTeam', ...conventions, responses: { '204': { description: 'archived' } } } },
    },
    components: {
      responses: { Team: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/TeamEnvelope' } } } } },
      schemas: {
        TeamEnvelope: { type: 'object', allOf: [{ $ref: '#/components/schemas/Envelope' }], properties: { data: { $ref: '#/components/schemas/Team' } } },
        Envelope: { type: 'object', required: ['data'] },
        Team: { type: 'object', required: ['id'], allOf: [{ required: ['name'] }], properties: { id: { type: 'string' } } },
        TurnPage: { type: 'object', required: ['data', 'pagination'], properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Turn' } } } },
        Turn: { type: 'object', required: ['id', 'state'] },
      },
    },
  });
  const op = (id: string) => listOperations(contract()).find((o: any) => o.operationId === id)!;

  test('reads the first success status and the required fields through $refs and allOf, one level into data', () => {
    expect(documentedResponse(contract(), op('getTeam'))).toMatchObject({ status: 200, bodyType: 'object', required: ['data'], data: { type: 'object', required: ['id', 'name'] } });
    expect(documentedResponse(contract(), op('listTurns'))).toMatchObject({ required: ['data', 'pagination'], data: { type: 'array', required: ['id', 'state'] } });
  });

  test('the script checks the status and names every required field; a response without a body is tested empty', () => {
    const team = testScript(contract(), op('getTeam')).join('\n');
    expect(team).toContain('pm.response.to.have.status(200);');
    for (const field of ['data', 'id', 'name']) expect(team).toContain(JSON.stringify(field));
    const archive = testScript(contract(), op('archiveTeam')).join('\n');
    expect(archive).toContain('pm.response.to.have.status(204);');
    expect(archive).toContain('pm.expect(pm.response.text()).to.equal("");');
  });

  test('a script parses and declares one named test per check', () => {
    const declaredTests = (id: string) => {
      const names: string[] = [];
      new Function('pm', testScript(contract(), op(id)).join('\n'))({ test: (name: string) => names.push(name) });
      return names;
    };
    expect(declaredTests('getTeam')).toEqual(['status is 200', 'body is an object with data', 'data has id, name']);
    expect(declaredTests('listTurns')).toEqual(['status is 200', 'body is an object with data, pagination', 'each item of data has id, state']);
    expect(declaredTests('archiveTeam')).toEqual(['status is 204', 'body is empty']);
  });
});
