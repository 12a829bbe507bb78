// One set of example hosts and one token variable in everything a partner reads. The docs' constants
// (apps/docs/codegen/constants.mjs) are the source; the READMEs, the client's doc comments and the spec's
// server defaults use the same, so that a value copied from one place works with what another place says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createSpecModel } from '@vendor/spec-model';
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from '../../apps/docs/codegen/constants.mjs';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec } from '../../scripts/lib/bundle.mjs';
import { clientSourceFiles, docsFiles, locate, read, readmeFiles, repoRoot, type PartnerFile } from './files';

/** A loopback URL is the mock's server, and http://mock.local the in-process mock's (never contacted): READMEs rightly give both as base URLs. */
const isMockUrl = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url) || url === 'http://mock.local';
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Where a text gives a base URL as a literal: the client's options, resolveProxyUrl's gateway, and "base URL, e.g."
 * in doc comments. (The docs' generators interpolate the constants themselves, which is no literal.)
 */
const BASE_URL_PLACES: { pattern: RegExp; expected: string }[] = [
  { pattern: /\bbaseUrl\s*:\s*['"`](https?:\/\/[^'"`]+)['"`]/g, expected: CONTROL_PLANE_BASE_URL },
  { pattern: /\bgatewayBaseUrl\s*:\s*['"`](https?:\/\/[^'"`]+)['"`]/g, expected: GATEWAY_BASE_URL },
  { pattern: /\bresolveProxyUrl\([^,()]+,\s*['"`](https?:\/\/[^'"`]+)['"`]/g, expected: GATEWAY_BASE_URL },
  { pattern: /Control-plane base URL, e\.g\. `(https?:\/\/[^`]+)`/g, expected: CONTROL_PLANE_BASE_URL },
  { pattern: /Gateway base URL, e\.g\. `(https?:\/\/[^`]+)`/g, expected: GATEWAY_BASE_URL },
];

/**
 * A `..._TOKEN` environment variable read where the samples read the API token: `process.env.X`, `$X` or `${X}`
 * in a shell, `Deno.env.get('X')`, `export X=`. (Example data such as an MCP server's `env: { WORKSPACE_TOKEN }`
 * is no such read.)
 */
const TOKEN_VARIABLE = /(?:process\.env\.|\$\{?|env\.get\(['"]|export\s+)([A-Z][A-Z0-9_]*_TOKEN)\b/g;

function otherBaseUrls(files: PartnerFile[]): string[] {
  return files.flatMap((file) =>
    BASE_URL_PLACES.flatMap(({ pattern, expected }) =>
      [...file.text.matchAll(pattern)]
        .filter((match) => !isMockUrl(match[1]!) && withoutTrailingSlash(match[1]!) !== expected)
        .map((match) => `${locate(file, match.index!)} (expected ${expected})`),
    ),
  );
}

function otherTokenVariables(files: PartnerFile[]): string[] {
  return files.flatMap((file) =>
    [...file.text.matchAll(TOKEN_VARIABLE)].filter((match) => match[1] !== TOKEN_ENV_VAR).map((match) => locate(file, match.index!)),
  );
}

const partnerFiles = () => read([...readmeFiles(), ...docsFiles(), ...clientSourceFiles()]);

describe('example hosts and the token variable', () => {
  test('every base URL the READMEs, the docs and the client give is the docs’ one (or the mock’s)', () => {
    expect(otherBaseUrls(partnerFiles())).toEqual([]);
  });

  test(`every token variable they name is ${TOKEN_ENV_VAR}`, () => {
    expect(otherTokenVariables(partnerFiles())).toEqual([]);
  });

  // The quick start reads the variables @vendor/api-mcp reads (issue 34), and gives the docs' hosts as their values.
  test("the client README's quick start uses the docs' hosts and the variables of the token and base URLs", () => {
    const readme = readFileSync(path.join(repoRoot, 'packages/client/README.md'), 'utf8');
    expect(readme).toContain(`VENDOR_API_BASE_URL=${CONTROL_PLANE_BASE_URL}, VENDOR_API_GATEWAY_BASE_URL=${GATEWAY_BASE_URL}`);
    expect(readme).toContain('baseUrl: process.env.VENDOR_API_BASE_URL!');
    expect(readme).toContain('gatewayBaseUrl: process.env.VENDOR_API_GATEWAY_BASE_URL');
    expect(readme).toContain(`token: process.env.${TOKEN_ENV_VAR}!`);
  });

  test("the spec's server defaults are the docs' hosts", async () => {
    const model = createSpecModel(await bundleSpec());
    const controlPlane = model.document.servers[0];
    expect(controlPlane.url.replace('{base_url}', controlPlane.variables.base_url.default)).toBe(CONTROL_PLANE_BASE_URL);
    const gatewayServers = model.operations.filter((op) => op.addressSpace === 'gateway').flatMap((op) => op.servers);
    expect(gatewayServers.length).toBeGreaterThan(0);
    for (const server of gatewayServers) {
      const url = server.url.replace('{scheme}', server.variables.scheme.default).replace('{gateway_base_url}', server.variables.gateway_base_url.default);
      expect(url).toBe(GATEWAY_BASE_URL);
    }
  });

  test('control: another host or token variable is reported with its file and line', () => {
    const sample: PartnerFile = {
      file: 'sample.md',
      text: [
        "  baseUrl: 'https://platform.example.com',",
        "  gatewayBaseUrl: 'http://127.0.0.1:4010',",
        '  token: process.env.PLATFORM_TOKEN!,',
        "resolveProxyUrl(data.proxyUrl, 'https://gateway.example.com');",
        'Authorization: Bearer <ACCESS_TOKEN>',
        "env: { WORKSPACE_TOKEN: 'tfy-secret://acme:workspace:token' },",
        'curl -H "Authorization: Bearer $PLATFORM_TOKEN" https://api.vendor.example/api/svc/v1/teams/t1',
        "  baseUrl: '${CONTROL_PLANE_BASE_URL}',",
      ].join('\n'),
    };
    expect(otherBaseUrls([sample])).toEqual([
      `sample.md:1: baseUrl: 'https://platform.example.com', (expected ${CONTROL_PLANE_BASE_URL})`,
      `sample.md:4: resolveProxyUrl(data.proxyUrl, 'https://gateway.example.com'); (expected ${GATEWAY_BASE_URL})`,
    ]);
    expect(otherTokenVariables([sample])).toEqual([
      'sample.md:3: token: process.env.PLATFORM_TOKEN!,',
      'sample.md:7: curl -H "Authorization: Bearer $PLATFORM_TOKEN" https://api.vendor.example/api/svc/v1/teams/t1',
    ]);
  });
});
