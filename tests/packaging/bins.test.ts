// One naming scheme for the published packages' commands: `vendor-` and the package's unscoped name
// (`@vendor/api-mock` -> `vendor-api-mock`, `@vendor/api-mcp` -> `vendor-api-mcp`), so that a command says whose it
// is. An earlier name stays as an alias of the same file, so that hosts configured with it keep working.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PUBLISHED, repoRoot } from '../../scripts/check-packages.mjs';

/** Earlier command names, kept as aliases: the package that ships each. */
const ALIASES: Record<string, string> = { 'api-mcp': '@vendor/api-mcp' };

const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
const schemeName = (name: string) => `vendor-${name.replace(/^@vendor\//, '')}`;
const withBins = PUBLISHED.map((entry) => ({ ...entry, bin: (manifestOf(entry.dir).bin ?? {}) as Record<string, string> })).filter((entry) => Object.keys(entry.bin).length > 0);
const committed = new Set(execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n'));

describe('the published packages’ commands', () => {
  test('the mock and the MCP server have commands', () => {
    expect(withBins.map((entry) => entry.name).sort()).toEqual(['@vendor/api-mcp', '@vendor/api-mock']);
  });

  test.each(withBins.map((entry) => [entry.name, entry] as const))('%s: its command is vendor-<name>; any other is a known alias of the same file', (name, entry) => {
    const main = schemeName(name);
    expect(Object.keys(entry.bin)).toContain(main);
    for (const [command, file] of Object.entries(entry.bin)) {
      if (command === main) continue;
      expect(ALIASES[command], `${command} is an alias of ${name}`).toBe(name);
      expect(file, `${command} runs what ${main} runs`).toBe(entry.bin[main]);
    }
  });

  test.each(withBins.map((entry) => [entry.name, entry] as const))('%s: each command is a committed file (npm links it at install time, before any build)', (_name, entry) => {
    for (const file of Object.values(entry.bin)) {
      const relative = path.posix.join(entry.dir, path.posix.normalize(file));
      expect(existsSync(path.join(repoRoot, relative)), relative).toBe(true);
      expect(committed.has(relative), `${relative} is committed`).toBe(true);
    }
  });

  test('the old MCP command api-mcp is kept, so `npx @vendor/api-mcp` (which runs the command named like the package when there are several) still finds one', () => {
    expect(withBins.find((entry) => entry.name === '@vendor/api-mcp')!.bin['api-mcp']).toBe('./bin/api-mcp.mjs');
  });
});
