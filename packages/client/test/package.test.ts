// The built package (dist/, built before `test` by turbo): ESM and CJS entries, exports map, dependencies.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8'));
const runtimeExports = ['PlatformApiError', 'PlatformConnectionError', 'PlatformError', 'PlatformTimeoutError', 'createPlatformClient', 'isPlatformApiError', 'resolveProxyUrl'];

describe('@vendor/api-client package', () => {
  it('has an exports map with types first, sideEffects false, and only dist + README published', () => {
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.files).toEqual(['dist', 'README.md']);
    for (const condition of ['import', 'require']) expect(Object.keys(pkg.exports['.'][condition])[0]).toBe('types');
  });

  it('depends at runtime on openapi-fetch and @vendor/api-types only', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@vendor/api-types', 'openapi-fetch']);
  });

  it('ESM and CJS builds export the same API', async () => {
    const esm = await import(pathToFileURL(path.join(pkgDir, pkg.exports['.'].import.default)).href);
    const cjs = createRequire(import.meta.url)(path.join(pkgDir, pkg.exports['.'].require.default));
    for (const name of runtimeExports) {
      expect(typeof esm[name], `esm ${name}`).toBe('function');
      expect(typeof cjs[name], `cjs ${name}`).toBe('function');
    }
    expect(Object.keys(esm.operations).sort()).toEqual(Object.keys(cjs.operations).sort());
  });

  it('the CJS build works end to end with a stubbed fetch', async () => {
    const { createPlatformClient } = createRequire(import.meta.url)(path.join(pkgDir, 'dist/index.cjs'));
    const seen: string[] = [];
    const platform = createPlatformClient({
      baseUrl: 'https://cp.example.com',
      token: 't0ken',
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const req = new Request(input, init);
        seen.push(`${req.method} ${req.url} ${req.headers.get('authorization')}`);
        return Response.json({ data: { id: 'team-1' } });
      },
    });
    await expect(platform.getTeam({ params: { path: { id: 'team-1' } } })).resolves.toEqual({ data: { id: 'team-1' } });
    expect(seen).toEqual(['GET https://cp.example.com/api/svc/v1/teams/team-1 Bearer t0ken']);
  });

  it('error names survive minification (explicit, not taken from the class)', async () => {
    const { build } = await import('esbuild');
    const out = await build({ entryPoints: [path.join(pkgDir, 'dist/index.js')], bundle: true, minify: true, format: 'esm', write: false, platform: 'neutral' });
    const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`);
    const info = { operationId: 'getTeam', method: 'GET', url: 'u' };
    expect(new mod.PlatformApiError('m', { ...info, status: 500 }).name).toBe('PlatformApiError');
    expect(new mod.PlatformConnectionError('m', info).name).toBe('PlatformConnectionError');
    expect(new mod.PlatformTimeoutError('m', info).name).toBe('PlatformTimeoutError');
    expect(new mod.PlatformError('m', info).name).toBe('PlatformError');
  });

  it('ships declaration files for both module systems', async () => {
    for (const file of [pkg.exports['.'].import.types, pkg.exports['.'].require.types]) {
      const text = await readFile(path.join(pkgDir, file), 'utf8');
      expect(text).toContain('createPlatformClient');
      expect(text).toContain('@vendor/api-types');
    }
  });
});
