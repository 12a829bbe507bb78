// The Java recipe of apps/docs/pages/other-languages.md, end to end: its pom.xml and program as the page shows
// them (openapi-generator-maven-plugin 7.25.0 on the published OpenAPI 3.0.3 rendition, two ApiClients, one per
// address space), its command against the stateless mock, then every operation of both address spaces through
// the generated clients, each answer decoded into the generated models, and a 404 and a 401 in their error shapes.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '@vendor/api-mock';
import { createSpecModel } from '@vendor/spec-model';
import { recipeFor, repoRoot, writeRecipeFiles } from './lib/recipe-page.js';
import { recipeRequests } from './lib/requests.js';
import { MAVEN_REPOSITORY, requireTool, runCommand, type CommandRun } from './lib/toolchain.js';
import { exerciseLines } from './lib/exercise-lines.js';

const MINUTE = 60_000;
// The first run downloads the plugin, the generator and the client's libraries into the cached repository.
const FIRST_RUN_LIMIT = 15 * MINUTE;
const published30 = fileURLToPath(import.meta.resolve('@vendor/api-types/openapi-3.0.json'));
// Requests come from the 3.1 document (the contract itself); the client is generated from its 3.0 rendition.
const model = createSpecModel(JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('@vendor/api-types/openapi.json')), 'utf8')));

let mock: Awaited<ReturnType<typeof startMock>>;
let folder: string;
let env: NodeJS.ProcessEnv;
const runs: CommandRun[] = [];

beforeAll(async () => {
  requireTool('mvn', {}, 'the Java recipe needs Maven 3.8 or later and JDK 17 (Debian: apt-get install maven openjdk-17-jdk-headless)');
  requireTool('javac', {}, 'the Java recipe needs JDK 17 (Debian: apt-get install openjdk-17-jdk-headless)');
  mock = await startMock({ port: 0, onWarning: () => {} });
  folder = mkdtempSync(path.join(tmpdir(), 'vendor-java-recipe-'));
  env = { VENDOR_API_BASE_URL: mock.url, VENDOR_GATEWAY_BASE_URL: mock.url, VENDOR_API_TOKEN: 'any' };
});

afterAll(async () => {
  await mock?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  if (runs.length > 0) console.log(`java recipe: ${runs.map((run) => `${run.command} ${run.seconds.toFixed(1)} s`).join('; ')}`);
});

describe('Java recipe (openapi-generator 7.25.0, Maven), as the docs page shows it', () => {
  it('generates two clients from the published 3.0.3 rendition, compiles them, and its program calls both address spaces', async () => {
    const recipe = recipeFor('java');
    writeRecipeFiles(folder, recipe);
    copyFileSync(published30, path.join(folder, 'openapi-3.0.json'));
    // Maven reads .mvn/maven.config in the project: the cached local repository, without changing the page's commands.
    mkdirSync(path.join(folder, '.mvn'));
    writeFileSync(path.join(folder, '.mvn/maven.config'), `-Dmaven.repo.local=${MAVEN_REPOSITORY}\n`);
    // The exercise is compiled with the page's program, and run after it.
    mkdirSync(path.join(folder, 'src/main/java/com/example'), { recursive: true });
    copyFileSync(path.join(repoRoot, 'tests/recipes/java/Exercise.java'), path.join(folder, 'src/main/java/com/example/Exercise.java'));
    writeFileSync(path.join(folder, 'requests.json'), JSON.stringify(recipeRequests(model)));
    for (const command of recipe.commands) runs.push(await runCommand(command, { cwd: folder, env, limitMs: FIRST_RUN_LIMIT }));

    const programOutput = runs.at(-1)!.stdout;
    expect(programOutput).toMatch(/^team jqfwg345gi25n5ju2yz5iz6m: \d+ members$/m);
    expect(programOutput).toMatch(/^file file-9GnTx3vQb2Lm8Rk4Wz1YcD: \d+ bytes$/m);
    expect(mock.requests().map((request) => request.operationId)).toEqual(['getTeam', 'getFile']);
    // What the generator still says about the rendition, for the record (the recipe's flags answer the rest).
    const warnings = [...new Set(runs.flatMap((run) => `${run.stdout}\n${run.stderr}`.split('\n')).filter((line) => /^\[(WARNING|ERROR)\]/.test(line)))];
    console.log(`java recipe: generator warnings: ${JSON.stringify(warnings)}`);
    expect(warnings.filter((line) => line.startsWith('[ERROR]'))).toEqual([]);
  });

  it('calls every operation of both address spaces and decodes each answer into the generated models; a 404 and a 401 in their error shapes', async () => {
    mock.clearRequests();
    const run = await runCommand('mvn -B -q exec:java -Dexec.mainClass=com.example.Exercise', { cwd: folder, env, limitMs: FIRST_RUN_LIMIT });
    runs.push(run);
    console.log(`java recipe against the mock:\n${run.stdout}`);
    const lines = exerciseLines(run.stdout);
    const count = model.operations.length;
    const sorted = <T extends { operation: string }>(rows: T[]) => [...rows].sort((a, b) => a.operation.localeCompare(b.operation));
    expect(sorted(lines.slice(0, count).map((line) => ({ operation: line.operation, space: line.space, status: line.status, decoded: line.decoded !== '' })))).toEqual(
      sorted(model.operations.map((op) => ({ operation: op.operationId, space: op.addressSpace, status: op.successStatus, decoded: true }))),
    );
    expect(mock.requests().slice(0, count).map((request) => request.operationId).sort()).toEqual(model.operations.map((op) => op.operationId).sort());
    const errors = lines.slice(count);
    expect(errors.map(({ operation, status, decoded }) => ({ operation, status, decoded }))).toEqual([
      { operation: 'getTeam', status: 404, decoded: 'ControlPlaneError' },
      { operation: 'getFile', status: 401, decoded: 'GatewayError' },
    ]);
    expect(errors[0]!.detail).toMatch(/^statusCode 404, message ".+"$/);
    expect(errors[1]!.detail).toMatch(/^error\.message ".+"$/);
    // A millisecond timestamp survives decoding whole (the rendition's format: double makes it a Double).
    expect(lines.find((line) => line.operation === 'createOrUpdateModelVersion')!.detail).toContain('[1763562125000]');
  });
});
