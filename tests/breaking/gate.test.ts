// The gate: version rules, and `node scripts/check-breaking.mjs` on the real spec and on fixtures.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluate } from '../../scripts/breaking/gate.mjs';
import { allowsBreakingChanges, compareVersions, nextBreakingVersion } from '../../scripts/breaking/version.mjs';
import { baseDoc, type Doc } from './fixture';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../..');
const script = path.join(repoRoot, 'scripts/check-breaking.mjs');

async function gate(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error: any) {
    return { code: error.code as number, output: `${error.stdout}${error.stderr}` };
  }
}

function withBreak(version: string): Doc {
  const doc = baseDoc();
  doc.info.version = version;
  delete doc.components.schemas.Team.properties.size;
  return doc;
}

describe('version rules', () => {
  test.each([
    ['0.1.0', '0.1.1', false],
    ['0.1.0', '0.2.0', true],
    ['0.1.3', '0.2.0-rc.1', true],
    ['0.1.0', '1.0.0', true],
    ['1.2.3', '1.3.0', false],
    ['1.2.3', '2.0.0', true],
  ])('breaking changes after %s in %s allowed: %s', (released, current, allowed) => {
    expect(allowsBreakingChanges(released, current)).toBe(allowed);
  });

  test('next breaking version and ordering', () => {
    expect(nextBreakingVersion('0.1.4')).toBe('0.2.0');
    expect(nextBreakingVersion('1.4.2')).toBe('2.0.0');
    expect(compareVersions('0.2.0-rc.1', '0.2.0')).toBe(-1);
    expect(compareVersions('0.10.0', '0.9.0')).toBe(1);
  });
});

describe('evaluate', () => {
  test('a break without a bump fails and lists the break with its JSON path', () => {
    const result = evaluate(baseDoc(), withBreak('0.1.1'));
    expect(result.ok).toBe(false);
    expect(result.report.join('\n')).toContain(
      "[removed-response-field] $.paths['/teams/{id}'].get.responses['200'].content['application/json'].schema.properties.size",
    );
    expect(result.report.at(-1)).toContain('needs a minor bump of info.version (0.1.0 -> 0.2.0 or later)');
  });

  test('a break with a minor bump below 1.0 passes, and is still listed', () => {
    const result = evaluate(baseDoc(), withBreak('0.2.0'));
    expect(result.ok).toBe(true);
    expect(result.breaks.length).toBeGreaterThan(0);
  });

  test('from 1.0 on a break needs a major bump', () => {
    const released = baseDoc();
    released.info.version = '1.0.0';
    expect(evaluate(released, withBreak('1.1.0')).ok).toBe(false);
    expect(evaluate(released, withBreak('2.0.0')).ok).toBe(true);
  });

  test('a version lower than the released one fails', () => {
    const current = baseDoc();
    current.info.version = '0.0.9';
    expect(evaluate(baseDoc(), current)).toMatchObject({ ok: false, report: ['info.version 0.0.9 is lower than the released 0.1.0.'] });
  });
});

describe('node scripts/check-breaking.mjs', () => {
  test('the current openapi/spec.yaml passes against the released baseline', async () => {
    const { code, output } = await gate([]);
    expect(output).toContain('vs openapi/baseline/0.1.0.json');
    expect(code, output).toBe(0);
  }, 30_000);

  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'check-breaking-'));
    await mkdir(path.join(dir, 'baseline'));
    await writeFile(path.join(dir, 'baseline/0.1.0.json'), JSON.stringify(baseDoc()));
    await writeFile(path.join(dir, 'patch.json'), JSON.stringify(withBreak('0.1.1')));
    await writeFile(path.join(dir, 'minor.json'), JSON.stringify(withBreak('0.2.0')));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('exits 1 on a break without a bump, printing each break with its JSON path', async () => {
    const { code, output } = await gate(['--spec', path.join(dir, 'patch.json'), '--baseline-dir', path.join(dir, 'baseline')]);
    expect(code).toBe(1);
    expect(output).toContain("[removed-response-field] $.paths['/teams'].get.responses['200'].content['application/json'].schema.items.properties.size");
    expect(output).toContain('(in #/components/schemas/Team)');
    expect(output).toContain('Not allowed');
  }, 30_000);

  test('exits 0 on the same break with a minor bump', async () => {
    const { code, output } = await gate(['--spec', path.join(dir, 'minor.json'), '--baseline-dir', path.join(dir, 'baseline')]);
    expect(code, output).toBe(0);
    expect(output).toContain('Allowed: info.version 0.2.0 is a minor bump over 0.1.0.');
  }, 30_000);

  test('exits 2 without a baseline', async () => {
    const { code, output } = await gate(['--baseline-dir', dir]);
    expect(code).toBe(2);
    expect(output).toContain('No released contract');
  }, 30_000);
});
