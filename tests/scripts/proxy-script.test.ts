// `npm run proxy`: the validation proxy against openapi/spec.yaml as authored, so its report's provenance section
// has the spec's x-provenance markers (the published bundle has none). Runs scripts/proxy.mjs in front of the mock.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMock, type RunningMock } from '@vendor/api-mock';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'proxy-script-token-7d1f';

let mock: RunningMock;
let proxy: ChildProcess;
let output = '';
let proxyUrl: string;

beforeAll(async () => {
  mock = await startMock({ onWarning: () => {} });
  proxy = spawn(process.execPath, ['scripts/proxy.mjs', '--upstream', mock.url, '--port', '0'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout!.on('data', (chunk) => (output += chunk));
  proxy.stderr!.on('data', (chunk) => (output += chunk));
  proxyUrl = await new Promise<string>((resolve, reject) => {
    proxy.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    proxy.once('exit', (code) => reject(new Error(`scripts/proxy.mjs exited (${code}) before listening:\n${output}`)));
  });
}, 180_000);

afterAll(async () => {
  if (proxy.exitCode === null) {
    proxy.kill('SIGTERM');
    await new Promise((resolve) => proxy.once('exit', resolve));
  }
  await mock.close();
});

describe('npm run proxy', () => {
  test('checks against the spec with its x-provenance markers and reports what the traffic confirmed', async () => {
    const answer = await fetch(`${proxyUrl}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-contract-findings')).toBeNull();
    const unauthorized = await fetch(`${proxyUrl}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`);
    expect(unauthorized.status).toBe(401);

    const report = await (await fetch(`${proxyUrl}/_proxy/report`)).json();
    expect(report.provenance.hasMarkers).toBe(true);
    expect(report.provenance.markers).toBeGreaterThan(0);
    expect(report.provenance.entries).toContainEqual(
      expect.objectContaining({ pointer: '#/components/responses/ControlPlaneUnauthorized', provenance: 'assumption', verdict: 'confirmed' }),
    );
  }, 180_000);

  test('prints its summary with the provenance verdicts on SIGTERM, and never the token', async () => {
    proxy.kill('SIGTERM');
    const code = await new Promise((resolve) => proxy.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('## Provenance');
    expect(output).toContain('confirmed: assumption `#/components/responses/ControlPlaneUnauthorized`');
    expect(output).not.toContain(TOKEN);
  }, 180_000);
});
