// Unit tests of the sample generators (apps/docs/codegen) on a small fixture document.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL } from '../codegen/constants.mjs';
import { curlSample, requestUrl, shellQuote } from '../codegen/curl-sample.mjs';
import { buildDocsBundle } from '../codegen/docs-bundle.mjs';
import { toTsLiteral } from '../codegen/literal.mjs';
import { listOperations } from '../codegen/operations.mjs';
import { typescriptSample } from '../codegen/ts-sample.mjs';
import { applyScriptHashes, inlineScriptHashes, SCRIPT_HASHES_PLACEHOLDER } from '../scripts/csp.mjs';
import { inlineCdnAssets } from '../scripts/offline-assets.mjs';
import { docsRoot } from './support/docs-bundle.js';

const fixture = () => parse(readFileSync(path.join(docsRoot, 'test/fixtures/fixture-spec.yaml'), 'utf8'));
const byId = (id: string) => listOperations(fixture()).find((op: any) => op.operationId === id)!;

describe('listOperations', () => {
  test('marks the operations of path items with a gateway servers override as gateway', () => {
    const spaces = Object.fromEntries(listOperations(fixture()).map((op: any) => [op.operationId, op.space]));
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

  test('uses the first named request example, resolving $refs', () => {
    expect(byId('createSecretGroup').body).toEqual({
      exampleName: 'first',
      value: { name: "it's-a-group", integrationId: 'acme:aws:sm', secrets: [{ key: 'DB_PASSWORD', value: "s3cr'et" }] },
    });
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
    expect(requestUrl(byId('listAgentSessionTurns'))).toBe(`${GATEWAY_BASE_URL}/acme/v1/agents/sessions/a%20b%2Fc/turns?limit=10&page_token=tok`);
    expect(requestUrl(byId('getTeam'))).toBe(`${CONTROL_PLANE_BASE_URL}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`);
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
});

describe('docs bundle', () => {
  test('adds both samples to every operation and the introduction after the spec description, leaving the input untouched', () => {
    const input = fixture();
    const before = JSON.stringify(input);
    const { document } = buildDocsBundle(input);
    expect(JSON.stringify(input)).toBe(before);
    for (const op of listOperations(document)) {
      const item = document.paths[op.path][op.method];
      expect(item['x-codeSamples'].map((s: any) => s.label), op.operationId).toEqual(['TypeScript', 'curl']);
    }
    expect(document.info.description.startsWith('Fixture description.\n\n## Setting the two base URLs')).toBe(true);
    expect(document.info.description).toContain('The gateway operations are `listAgentSessionTurns`, `getFile`;');
    expect(document.info.description).toContain('| `getFile` | gateway | `gateway` (`GatewayError`) |');
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
