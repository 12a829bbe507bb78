// The published build: CommonJS consumers get a working startMock that finds the types bundle by itself.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('dist', () => {
  it('CJS build: startMock serves the default bundle (@vendor/api-types/openapi.json)', async () => {
    const { startMock } = require('../dist/index.cjs');
    const mock = await startMock({});
    try {
      const res = await fetch(`${mock.url}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer t' } });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toBeTypeOf('object');
    } finally {
      await mock.close();
    }
  });

  it('package.json points types first and at files that exist (dist, and the bin)', () => {
    expect(Object.keys(pkg.exports['.'].import)[0]).toBe('types');
    expect(Object.keys(pkg.exports['.'].require)[0]).toBe('types');
    const bins = Object.values<string>(pkg.bin);
    for (const file of [pkg.exports['.'].import.types, pkg.exports['.'].import.default, pkg.exports['.'].require.types, pkg.exports['.'].require.default, ...bins]) {
      expect(() => readFileSync(new URL(`../${file}`, import.meta.url)), file).not.toThrow();
    }
  });
});
