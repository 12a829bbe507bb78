// The portability rules of `npm run lint` (lib/redocly/portable-rules.mjs, enabled in redocly.yaml): the command
// `lint:spec` runs on openapi/spec.yaml, run on a fixture that keeps to them and on one that breaks each once.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SPEC = 'openapi/spec.yaml';

/** `npm run lint:spec`'s own command line, pointed at a fixture and asked for JSON. */
function lintCommandFor(fixture: string): string[] {
  const script: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts['lint:spec'];
  if (!script.includes(SPEC)) throw new Error(`package.json's lint:spec no longer lints ${SPEC}: ${script}`);
  const words = script.replace(SPEC, fixture).split(/\s+/).filter((word) => !word.startsWith('--format'));
  return [...words, '--format=json'];
}

interface Problem {
  ruleId: string;
  location: { pointer: string }[];
}

async function lint(fixture: string): Promise<{ code: number; problems: Problem[] }> {
  const [command, ...args] = lintCommandFor(`tests/lint/fixtures/${fixture}`);
  const run = promisify(execFile)(path.join(repoRoot, 'node_modules/.bin', command!), args, { cwd: repoRoot });
  const { stdout, code } = await run.then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
  return { code, problems: JSON.parse(stdout).problems };
}

const found = (problems: Problem[]) => problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);

describe('npm run lint keeps the contract portable', () => {
  it('passes a contract with anyOf unions, [X, null] lists, and formats on numbers and integer quantities', async () => {
    const { code, problems } = await lint('portable.yaml');
    expect(found(problems)).toEqual([]);
    expect(code).toBe(0);
  });

  it('fails a type list of two value types and a number without a format, each at its place', async () => {
    const { code, problems } = await lint('not-portable.yaml');
    expect(found(problems).sort()).toEqual([
      'portable/no-multi-type-list #/components/schemas/Thing/properties/code/type',
      'portable/number-has-format #/components/schemas/Thing/properties/timestamp/type',
    ]);
    expect(code).not.toBe(0);
  });
});
