// The gate: version rules, and `node scripts/check-breaking.mjs` on the real spec and on fixtures.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entryProblems, loadAcknowledged } from '../src/acknowledged.mjs';
import { evaluate } from '../src/gate.mjs';
import { allowsBreakingChanges, compareVersions, nextBreakingVersion } from '../src/version.mjs';
import { baseDoc, type Doc } from './fixture';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../..');
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
    expect(result.report.join('\n')).toContain('needs a minor bump of info.version (0.1.0 -> 0.2.0 or later)');
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

const SIZE_PATH = "$.paths['/teams/{id}'].get.responses['200'].content['application/json'].schema.properties.size";
const LIST_SIZE_PATH = "$.paths['/teams'].get.responses['200'].content['application/json'].schema.items.properties.size";
const PUT_SIZE_PATH = "$.paths['/teams'].put.responses['200'].content['application/json'].schema.properties.size";

/** One entry per break of withBreak(): `size` removed from Team, seen through its three responses. */
function entriesForSizeRemoval(reason = 'The service never returned size; 0.1.0 listed it by mistake.') {
  return [LIST_SIZE_PATH, PUT_SIZE_PATH, SIZE_PATH].map((p) => ({
    path: p,
    kind: 'removed-response-field',
    change: 'field size removed',
    since: '0.1.0',
    reason,
  }));
}

describe('acknowledged corrections', () => {
  test('listed breaks pass without a bump, and are reported with their reasons', () => {
    const result = evaluate(baseDoc(), withBreak('0.1.0'), entriesForSizeRemoval());
    expect(result.ok, result.report.join('\n')).toBe(true);
    expect(result.breaks).toEqual([]);
    expect(result.acknowledged).toHaveLength(3);
    expect(result.report.join('\n')).toContain('3 acknowledged corrections of 0.1.0 (no bump needed)');
    expect(result.report.join('\n')).toContain('reason: The service never returned size; 0.1.0 listed it by mistake.');
  });

  test('an unlisted break still needs the bump, and the report prints ready-to-paste entries', () => {
    const result = evaluate(baseDoc(), withBreak('0.1.0'), entriesForSizeRemoval().slice(0, 2));
    expect(result.ok).toBe(false);
    expect(result.breaks.map((b) => b.path)).toEqual([SIZE_PATH]);
    const report = result.report.join('\n');
    expect(report).toContain('Not allowed');
    expect(report).toContain(`- path: ${SIZE_PATH}\n  kind: removed-response-field\n  change: field size removed\n  since: 0.1.0\n  reason: ""`);
  });

  test('the pasted entries parse back to entries that acknowledge exactly those breaks (once a reason is written)', async () => {
    const YAML = (await import('yaml')).default;
    const first = evaluate(baseDoc(), withBreak('0.1.0'));
    const pasted = YAML.parse(first.report.at(-1)!) as Record<string, string>[];
    expect(entryProblems(pasted)).toContain('acknowledged[0].reason: required, a non-empty string');
    const filled = pasted.map((entry) => ({ ...entry, reason: 'A correction.' }));
    expect(evaluate(baseDoc(), withBreak('0.1.0'), filled).ok).toBe(true);
  });

  test('a stale entry (matching no break) fails the gate', () => {
    const stale = { ...entriesForSizeRemoval()[0]!, path: SIZE_PATH.replace('size', 'name') };
    const result = evaluate(baseDoc(), withBreak('0.1.0'), [...entriesForSizeRemoval(), stale]);
    expect(result.ok).toBe(false);
    expect(result.report.join('\n')).toContain(`acknowledged[3]: matches no current break (stale; remove it, or fix path/kind/change): [removed-response-field] ${stale.path}`);
    // Stale even when nothing breaks at all.
    expect(evaluate(baseDoc(), baseDoc(), [stale]).ok).toBe(false);
  });

  test('an entry for another released version is stale', () => {
    const entries = entriesForSizeRemoval().map((e) => ({ ...e, since: '0.0.9' }));
    const result = evaluate(baseDoc(), withBreak('0.1.0'), entries);
    expect(result.ok).toBe(false);
    expect(result.report.join('\n')).toContain('acknowledged[0]: corrects 0.0.9, but the released contract is 0.1.0');
  });

  test('the kind and the change must match too, not only the path', () => {
    const wrongKind = entriesForSizeRemoval().map((e) => ({ ...e, kind: 'changed-type' }));
    expect(evaluate(baseDoc(), withBreak('0.1.0'), wrongKind).ok).toBe(false);
    const wrongChange = entriesForSizeRemoval().map((e) => ({ ...e, change: 'field name removed' }));
    expect(evaluate(baseDoc(), withBreak('0.1.0'), wrongChange).ok).toBe(false);
  });

  test.each([
    ['a missing reason', { reason: undefined }, 'acknowledged[0].reason: required, a non-empty string'],
    ['an empty reason', { reason: '  ' }, 'acknowledged[0].reason: required, a non-empty string'],
    ['a placeholder reason', { reason: 'TODO explain' }, 'acknowledged[0].reason: a placeholder ("TODO explain")'],
    ['a wildcard path', { path: "$.paths['/teams/{id}'].get.responses.*" }, 'acknowledged[0].path: must be the exact path of one break; wildcards (* and ..) are refused'],
    ['a recursive-descent path', { path: '$..properties.size' }, 'acknowledged[0].path: must be the exact path of one break; wildcards (* and ..) are refused'],
    ['an unknown kind', { kind: 'renamed-field' }, 'acknowledged[0].kind: "renamed-field" is not a break kind'],
    ['a version that is not semver', { since: '0.1' }, 'acknowledged[0].since: "0.1" is not a semantic version'],
    ['an unknown field', { covers: 'everything' }, 'acknowledged[0]: unknown field "covers"'],
  ])('an entry with %s fails the gate, naming the entry and the field', (_name, patch, message) => {
    const entries = entriesForSizeRemoval();
    const first: Record<string, unknown> = { ...entries[0], ...patch };
    for (const key of Object.keys(patch)) if ((patch as Record<string, unknown>)[key] === undefined) delete first[key];
    const result = evaluate(baseDoc(), withBreak('0.1.0'), [first, ...entries.slice(1)]);
    expect(result.ok).toBe(false);
    expect(result.report.join('\n')).toContain(message);
  });

  test('a prefix path acknowledges nothing: the break stays unlisted and the entry is stale', () => {
    const prefix = { ...entriesForSizeRemoval()[0]!, path: "$.paths['/teams']" };
    const result = evaluate(baseDoc(), withBreak('0.1.0'), [prefix, ...entriesForSizeRemoval().slice(1)]);
    expect(result.ok).toBe(false);
    expect(result.breaks.map((b) => b.path)).toEqual([LIST_SIZE_PATH]);
    expect(result.report.join('\n')).toContain("acknowledged[0]: matches no current break (stale; remove it, or fix path/kind/change): [removed-response-field] $.paths['/teams']");
  });

  test('a duplicate entry fails', () => {
    const entries = entriesForSizeRemoval();
    expect(evaluate(baseDoc(), withBreak('0.1.0'), [...entries, entries[0]!]).report.join('\n')).toContain('acknowledged[3]: duplicate of an earlier entry');
  });

  test('entries can share one reason through a YAML anchor, also beyond the yaml library\'s default of 100 aliases', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'acknowledged-'));
    try {
      const entries = Array.from({ length: 150 }, (_, i) => [
        `  - path: "$.paths['/p${i}']"`,
        '    kind: removed-operation',
        `    change: operation ${i} removed`,
        '    since: 0.1.0',
        `    reason: ${i === 0 ? '&same "One reason for all."' : '*same'}`,
      ]);
      const file = path.join(dir, 'acknowledged-breaks.yaml');
      await writeFile(file, `acknowledged:\n${entries.flat().join('\n')}\n`);
      const loaded = await loadAcknowledged(file);
      expect(loaded).toHaveLength(150);
      expect(loaded[149].reason).toBe('One reason for all.');
      expect(entryProblems(loaded)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the committed list is valid', async () => {
    const entries = await loadAcknowledged(path.join(repoRoot, 'openapi/acknowledged-breaks.yaml'));
    expect(entryProblems(entries)).toEqual([]);
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

  test('exits 0 on an acknowledged break without a bump, reading the list beside the baseline folder', async () => {
    const cliDir = await mkdtemp(path.join(os.tmpdir(), 'check-breaking-ack-'));
    try {
      await mkdir(path.join(cliDir, 'baseline'));
      await writeFile(path.join(cliDir, 'baseline/0.1.0.json'), JSON.stringify(baseDoc()));
      await writeFile(path.join(cliDir, 'same-version.json'), JSON.stringify(withBreak('0.1.0')));
      const YAML = (await import('yaml')).default;
      const args = ['--spec', path.join(cliDir, 'same-version.json'), '--baseline-dir', path.join(cliDir, 'baseline')];
      const unlisted = await gate(args);
      expect(unlisted.code).toBe(1);
      expect(unlisted.output).toContain('openapi/acknowledged-breaks.yaml');
      await writeFile(path.join(cliDir, 'acknowledged-breaks.yaml'), YAML.stringify({ acknowledged: entriesForSizeRemoval() }));
      const listed = await gate(args);
      expect(listed.code, listed.output).toBe(0);
      expect(listed.output).toContain('3 acknowledged corrections of 0.1.0');
    } finally {
      await rm(cliDir, { recursive: true, force: true });
    }
  }, 60_000);

  test('exits 2 without a baseline', async () => {
    const { code, output } = await gate(['--baseline-dir', dir]);
    expect(code).toBe(2);
    expect(output).toContain('No released contract');
  }, 30_000);
});
