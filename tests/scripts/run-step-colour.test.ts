// The output `npm test` and `npm start` show (scripts/lib/run-step.mjs: turbo, then each task's vitest) has no
// ANSI colour codes: it is read line by line and often captured to a file. vitest 4 (tinyrainbow) colours its
// report whenever TERM is not "dumb", a pipe or not, and takes FORCE_COLOR=0 as "force colour on"; the control
// shows that, so the check can fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { plainOutputEnv, runStep } from '../../scripts/lib/run-step.mjs';

const repoRoot = path.resolve(__dirname, '../..');
const VITEST = path.join(repoRoot, 'node_modules/.bin/vitest');
const ESC = '\x1b[';
let fixture: string;

beforeAll(() => {
  // One passing and one failing test: a failure's diff is where a report is most colourful.
  fixture = mkdtempSync(path.join(os.tmpdir(), 'run-step-colour-'));
  writeFileSync(path.join(fixture, 'sample.test.js'), "test('passes', () => expect(1).toBe(1));\ntest('fails', () => expect('expected').toBe('received'));\n");
});

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const vitestArgs = () => ['run', '--root', fixture, '--globals'];

/** What runStep shows of a vitest run, with `env` as the parent's environment. */
async function shownByRunStep(env: Record<string, string | undefined>): Promise<string> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  const lines: string[] = [];
  try {
    const step = runStep({ title: 'vitest', command: VITEST, args: vitestArgs(), cwd: fixture, log: (line: string) => lines.push(line) });
    await step.done;
  } finally {
    process.env = saved;
  }
  return lines.join('\n');
}

/** What vitest prints to a pipe when spawned with `env` added to ours, without NO_COLOR (no runStep). */
function printedToPipe(env: Record<string, string>): Promise<string> {
  const childEnv: Record<string, string | undefined> = { ...process.env, TERM: 'xterm', ...env };
  delete childEnv.NO_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn(VITEST, vitestArgs(), { cwd: fixture, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', () => resolve(output));
  });
}

describe('test output through runStep has no colour codes', () => {
  test('control: vitest writes colour codes to a pipe, even with FORCE_COLOR=0', async () => {
    const output = await printedToPipe({ FORCE_COLOR: '0' });
    expect(output).toContain('fails');
    expect(output).toContain(ESC);
  });

  test.each([
    ['no TTY, TERM=xterm', { TERM: 'xterm', FORCE_COLOR: undefined, NO_COLOR: undefined }],
    ['FORCE_COLOR=0', { TERM: 'xterm', FORCE_COLOR: '0', NO_COLOR: undefined }],
    ['NO_COLOR=1', { TERM: 'xterm', FORCE_COLOR: undefined, NO_COLOR: '1' }],
  ])('%s: the report is there, without a single escape sequence', async (_case, env) => {
    const shown = await shownByRunStep(env);
    expect(shown).toMatch(/1 failed/);
    expect(shown).toMatch(/1 passed/);
    expect(shown).toContain("expected 'expected' to be 'received'");
    expect(JSON.stringify(shown.split('\n').filter((line) => line.includes(ESC)))).toBe('[]');
  });

  test('the environment given to a step drops FORCE_COLOR and sets NO_COLOR', () => {
    expect(plainOutputEnv({ FORCE_COLOR: '0', PATH: '/bin' })).toEqual({ NO_COLOR: '1', PATH: '/bin' });
  });
});
