// `npm run examples:import -- DIR` (scripts/examples-import.mjs): the examples the validation proxy recorded
// (`--record DIR`, packages/mock/src/proxy/recording/exchange-recorder.ts) as YAML to paste into openapi/spec.yaml.
// The fixture directories are made by hand, in the recorder's file shape.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, type Document } from 'yaml';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../..');
const script = path.join(repoRoot, 'scripts/examples-import.mjs');
const specFile = path.join(repoRoot, 'openapi/spec.yaml');

const TOKEN = 'eyJhbGciOi.tok-live-9f8e7d6c5b4a';

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd: repoRoot });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code as number, stdout: String(error.stdout), stderr: String(error.stderr) };
  }
}

/** An example as the recorder writes it. */
function recorded(value: unknown, request: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    summary: 'GET /api/svc/v1/teams/t1, answered 200 (recorded)',
    value,
    'x-request': { method: 'GET', path: '/api/svc/v1/teams/t1', query: {}, headers: { accept: 'application/json' }, body: null, ...request },
    ...extra,
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'examples-import-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(relative: string, content: unknown) {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
}

/** The printed YAML documents (the whole output parses as a YAML stream), each with the comment lines above it. */
function documentsOf(stdout: string) {
  for (const document of parseAllDocuments(stdout) as Document[]) expect(document.errors).toEqual([]);
  return stdout.split(/^---\n/m).map((text) => {
    const lines = text.split('\n');
    const comment = lines.filter((line) => line.startsWith('#')).join('\n');
    return { comment, examples: parse(text) as Record<string, any> };
  });
}

const sha256 = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');

describe('examples:import', () => {
  it('prints, per operation and status, the examples map and where in openapi/spec.yaml it goes', async () => {
    const team = (id: string) => recorded({ data: { id, name: `team ${id}` } });
    await put('getTeam/200/recorded-1.json', team('t1'));
    await put('getTeam/200/recorded-10.json', team('t10'));
    await put('getTeam/200/recorded-2.json', team('t2'));
    await put('getTeam/404/recorded-1.json', recorded({ statusCode: 404, message: 'No team t9' }));

    const { code, stdout, stderr } = await cli([dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [ok, notFound, ...rest] = documentsOf(stdout);
    expect(rest).toEqual([]);

    expect(ok!.comment).toContain('getTeam (GET /api/svc/v1/teams/{id}) 200: 3 recorded examples');
    expect(ok!.comment).toMatch(/paste under paths\.\/api\/svc\/v1\/teams\/\{id\}\.get\.responses\.200\.content\.application\/json\.examples \(openapi\/spec\.yaml line \d+\)/);
    // numbered in the order they were recorded, not as text sorts
    expect(Object.keys(ok!.examples)).toEqual(['recorded-1', 'recorded-2', 'recorded-10']);
    expect(ok!.examples['recorded-2']).toEqual(team('t2'));

    // 404 is a component response: the examples go there, and it is shared
    expect(notFound!.comment).toContain('paste under components.responses.ControlPlaneNotFound.content.application/json.examples');
    expect(notFound!.comment).toMatch(/shared with .*getMcpServer/);
    expect(notFound!.examples['recorded-1'].value).toEqual({ statusCode: 404, message: 'No team t9' });
  });

  it('names the line of the examples key it points at', async () => {
    await put('getTeam/200/recorded-1.json', recorded({ data: { id: 't1' } }));
    const { stdout } = await cli([dir]);
    const line = Number(/openapi\/spec\.yaml line (\d+)/.exec(stdout)?.[1]);
    const specLines = (await readFile(specFile, 'utf8')).split('\n');
    expect(specLines[line - 1]?.trim()).toBe('examples:');
  });

  it('says what to add first for a status the spec does not document, and warns of an operation it does not have', async () => {
    await put('getTeam/418/recorded-1.json', recorded({ teapot: true }));
    await put('noSuchOperation/200/recorded-1.json', recorded({ ok: true }));

    const { code, stdout, stderr } = await cli([dir]);
    expect(code).toBe(0);
    const [teapot, unknown] = documentsOf(stdout);
    expect(teapot!.comment).toContain('paste under paths./api/svc/v1/teams/{id}.get.responses.418.content.application/json.examples');
    expect(teapot!.comment).toContain("418 is not documented for getTeam: add a '418' response");
    expect(unknown!.comment).toContain('operation noSuchOperation is not in openapi/spec.yaml');
    expect(unknown!.examples['recorded-1'].value).toEqual({ ok: true });
    expect(stderr).toContain('warning: operation noSuchOperation is not in openapi/spec.yaml');
  });

  it('turns findings into a comment, and keeps strings a YAML reader could misread as strings', async () => {
    const value = { data: { id: 't1', createdAt: '2025-03-14T10:00:00.000Z', flag: 'yes', mode: '0o7', count: '12', empty: '' } };
    await put('getTeam/200/recorded-1.json', recorded(value, {}, { 'x-findings': ['response body.data.count: type'] }));

    const { stdout } = await cli([dir]);
    const [document] = documentsOf(stdout);
    expect(document!.comment).toContain('recorded-1 broke the contract (response body.data.count: type)');
    expect(document!.examples['recorded-1']).not.toHaveProperty('x-findings');
    // under YAML 1.2 (the spec's readers) and 1.1 (older tools) alike
    const body = stdout.split('\n').filter((line) => !line.startsWith('#')).join('\n');
    expect(parse(body)['recorded-1'].value).toEqual(value);
    expect(parse(body, { version: '1.1' })['recorded-1'].value).toEqual(value);
  });

  it('warns of a file with an authorization header and leaves the header out', async () => {
    const file = path.join('getTeam', '200', 'recorded-1.json');
    await put(file, recorded({ data: { id: 't1' } }, { headers: { accept: 'application/json', Authorization: `Bearer ${TOKEN}` } }));

    const { code, stdout, stderr } = await cli([dir]);
    expect(code).toBe(0);
    expect(stderr).toContain(`${path.join(dir, file)} has an authorization header`);
    expect(stdout).not.toContain(TOKEN);
    expect(stdout.toLowerCase()).not.toContain('authorization');
    expect(documentsOf(stdout)[0]!.examples['recorded-1']['x-request'].headers).toEqual({ accept: 'application/json' });
  });

  it('leaves out, with a warning, a file that is not an example', async () => {
    await put('getTeam/200/recorded-1.json', recorded({ data: { id: 't1' } }));
    await put('getTeam/200/recorded-2.json', '{ cut short');
    const { code, stdout, stderr } = await cli([dir]);
    expect(code).toBe(0);
    expect(stderr).toContain('recorded-2.json is left out: not JSON');
    expect(Object.keys(documentsOf(stdout)[0]!.examples)).toEqual(['recorded-1']);
  });

  it('edits nothing', async () => {
    await put('getTeam/200/recorded-1.json', recorded({ data: { id: 't1' } }));
    const recordedFile = path.join(dir, 'getTeam/200/recorded-1.json');
    const before = [await sha256(specFile), await sha256(recordedFile)];
    expect((await cli([dir])).code).toBe(0);
    expect([await sha256(specFile), await sha256(recordedFile)]).toEqual(before);
  });
});

describe('examples:import: what it is given', () => {
  it('refuses a missing directory with one line naming it, exit 2, no stack trace', async () => {
    const missing = path.join(dir, 'not-recorded-yet');
    const { code, stdout, stderr } = await cli([missing]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`examples:import: ${missing} does not exist: give the directory the proxy's --record wrote\n`);
  });

  it('refuses a directory without recorded examples, naming it', async () => {
    await mkdir(path.join(dir, 'getTeam', '200'), { recursive: true });
    const { code, stderr } = await cli([dir]);
    expect(code).toBe(2);
    expect(stderr).toContain(`examples:import: ${dir} holds no recorded examples`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a file given as the directory, and no directory at all', async () => {
    const file = path.join(dir, 'a-file.json');
    await writeFile(file, '{}');
    const notDirectory = await cli([file]);
    expect(notDirectory.code).toBe(2);
    expect(notDirectory.stderr).toContain(`${file} is not a directory`);

    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: npm run -s examples:import -- DIR');
  });
});
