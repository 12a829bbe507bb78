// The Go recipe of apps/docs/pages/other-languages.md, end to end: its files and commands as the page shows them
// (oapi-codegen v2.8.2 from the Go module proxy, one client per address space, from the published document), its
// program against the stateless mock, then every operation of both address spaces through the generated clients,
// each answer decoded into the generated types, and a 404 and a 401 in their error shapes.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '@vendor/api-mock';
import { createSpecModel } from '@vendor/spec-model';
import { recipeFor, repoRoot, writeRecipeFiles } from './lib/recipe-page.js';
import { recipeRequests } from './lib/requests.js';
import { goEnvironment, requireTool, runCommand, type CommandRun } from './lib/toolchain.js';
import { exerciseLines, type ExerciseLine } from './lib/exercise-lines.js';

const MINUTE = 60_000;
// The first `go install` downloads the generator and its modules and compiles them; later runs hit the caches.
const FIRST_RUN_LIMIT = 10 * MINUTE;
const publishedDocument = fileURLToPath(import.meta.resolve('@vendor/api-types/openapi.json'));
const document = JSON.parse(readFileSync(publishedDocument, 'utf8'));
const model = createSpecModel(document);

let mock: Awaited<ReturnType<typeof startMock>>;
let folder: string;
let env: NodeJS.ProcessEnv;
const runs: CommandRun[] = [];

beforeAll(async () => {
  env = goEnvironment();
  requireTool('go', env, 'the Go recipe needs Go 1.22 or later (https://go.dev/dl/), e.g. in /usr/local/go/bin');
  mock = await startMock({ port: 0, onWarning: () => {} });
  folder = mkdtempSync(path.join(tmpdir(), 'vendor-go-recipe-'));
  env = { ...env, VENDOR_API_BASE_URL: mock.url, VENDOR_GATEWAY_BASE_URL: mock.url, VENDOR_API_TOKEN: 'any' };
});

afterAll(async () => {
  await mock?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  if (runs.length > 0) console.log(`go recipe: ${runs.map((run) => `${run.command} ${run.seconds.toFixed(1)} s`).join('; ')}`);
});

describe('Go recipe (oapi-codegen v2.8.2), as the docs page shows it', () => {
  it('generates both clients from the published document, compiles them, and its program calls both address spaces', async () => {
    const recipe = recipeFor('go');
    writeRecipeFiles(folder, recipe);
    copyFileSync(publishedDocument, path.join(folder, 'openapi.json'));
    for (const command of recipe.commands) runs.push(await runCommand(command, { cwd: folder, env, limitMs: FIRST_RUN_LIMIT }));

    const generation = runs.filter((run) => run.command.includes('oapi-codegen') && run.command.includes('-config'));
    expect(generation.map((run) => run.stderr.trim())).toEqual(['', '']); // the generator warns about nothing
    const programOutput = runs.at(-1)!.stdout;
    expect(programOutput).toMatch(/^team jqfwg345gi25n5ju2yz5iz6m: \d+ members$/m);
    expect(programOutput).toMatch(/^file file-9GnTx3vQb2Lm8Rk4Wz1YcD: \d+ bytes$/m);
    expect(mock.requests().map((request) => request.operationId)).toEqual(['getTeam', 'getFile']);
  });

  it('calls every operation of both address spaces and decodes each answer into the generated types; a 404 and a 401 in their error shapes', async () => {
    mkdirSync(path.join(folder, 'exercise'), { recursive: true });
    copyFileSync(path.join(repoRoot, 'tests/recipes/go/exercise.go'), path.join(folder, 'exercise/main.go'));
    writeFileSync(path.join(folder, 'requests.json'), JSON.stringify(recipeRequests(model)));
    mock.clearRequests();
    const run = await runCommand('go run ./exercise', { cwd: folder, env, limitMs: FIRST_RUN_LIMIT });
    runs.push(run);
    const lines = exerciseLines(run.stdout);
    console.log(`go recipe against the mock:\n${run.stdout}`);
    expectEveryOperation(lines);
  });
});

function expectEveryOperation(lines: ExerciseLine[]): void {
  const successes = lines.slice(0, model.operations.length);
  const expected = model.operations.map((op) => ({ operation: op.operationId, space: op.addressSpace, status: op.successStatus, decoded: true }));
  const actual = successes.map((line) => ({ operation: line.operation, space: line.space, status: line.status, decoded: line.decoded !== '' }));
  expect(sortByOperation(actual)).toEqual(sortByOperation(expected));
  // Each call reached the mock as that operation: the clients sent it to the right path of its address space.
  expect(mock.requests().slice(0, model.operations.length).map((request) => request.operationId).sort()).toEqual(model.operations.map((op) => op.operationId).sort());
  const errors = lines.slice(model.operations.length);
  expect(errors.map(({ operation, status, decoded }) => ({ operation, status, decoded }))).toEqual([
    { operation: 'getTeam', status: 404, decoded: 'ControlPlaneError' },
    { operation: 'getFile', status: 401, decoded: 'GatewayError' },
  ]);
  expect(errors[0]!.detail).toMatch(/^statusCode 404, message ".+"$/);
  expect(errors[1]!.detail).toMatch(/^error\.message ".+"$/);
  // A millisecond timestamp survives decoding whole (a float32 would round it to 1.7635621e+12).
  expect(lines.find((line) => line.operation === 'createOrUpdateModelVersion')!.detail).toContain('1763562125000');
}

function sortByOperation<T extends { operation: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.operation.localeCompare(b.operation));
}
