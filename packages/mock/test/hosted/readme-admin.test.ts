// The README's "Signing keys and their rotation" and "Tenant administration" commands, run as written: the same
// lines through bash, with only the host's paths, the database URL and the port swapped for this run's, and the
// server started in the background. Every curl must answer the status the README's table promises.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { freePort } from '../helpers/free-port.js';

const MINUTES = 60_000;
const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const bin = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const README_DATABASE = 'postgres://sandbox@db.internal:5432/sandbox';

/** The ```sh blocks of the README section under `heading`, in order. */
function shellBlocks(heading: string): string[] {
  const start = readme.indexOf(`### ${heading}\n`);
  expect(start, `the README has a section "${heading}"`).toBeGreaterThan(0);
  const end = readme.indexOf('\n### ', start + 1);
  return [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

function requireTool(tool: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (!found) throw new Error(`${tool} is not installed: the README's commands need it (apt-get install ${tool})`);
}

describe("the README's admin commands, run as written", { timeout: 10 * MINUTES }, () => {
  let cluster: Cluster | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'readme-admin-'));
  let port: number;

  /** The README's text for this run: its paths, database, port and `npx @vendor/api-mock` (the bin it runs). */
  const forThisRun = (text: string) =>
    text
      .replaceAll('/etc/sandbox', dir)
      .replaceAll(README_DATABASE, cluster!.url)
      .replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`)
      .replaceAll('--port 4010', `--port ${port}`)
      .replaceAll('npx @vendor/api-mock', `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}`);

  beforeAll(async () => {
    requireTool('curl');
    requireTool('openssl');
    cluster = await startCluster();
    port = await freePort();
  }, 5 * MINUTES);

  afterAll(async () => {
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a keys file and prints tokens of its key', () => {
    const [keys] = shellBlocks('Signing keys and their rotation');
    // The server line stays out: the admin block below starts one with the same file.
    const lines = forThisRun(keys!).split('\n').filter((line) => line.trim() !== '' && !line.includes('--sandbox'));
    const output = execFileSync('bash', ['-euo', 'pipefail', '-c', lines.join('\n')], { encoding: 'utf8' });
    const tokens = output.split('\n').filter((line) => line.startsWith('eyJ'));
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid).toBe('2026-11');
  });

  it('creates, issues, lists, shows, suspends, reactivates, revokes, audits and deletes, each curl answering its status', () => {
    const [admin] = shellBlocks('Tenant administration');
    let script = forThisRun(admin!);
    // The server in the background, as written; the curls once it answers, each printing its status after its answer.
    script = script.replace(/ &\n/, ` > ${dir}/sandbox.log 2>&1 &\nuntil curl -sf http://127.0.0.1:${port}/_sandbox/health > /dev/null; do sleep 0.2; done\n`);
    script = script.replaceAll('curl -s ', 'curl -s -w " HTTP %{http_code}\\n" ');
    // JTI stands for the jti the token's issue answered: the script keeps it from that answer.
    script = script.replace(/(curl -s -w "[^"]*" -X POST "\$SANDBOX\/_sandbox\/admin\/tenants\/globex\/tokens"[^\n]*\\\n[^\n]*)\n/, (line) => `ISSUED=$(${line.trimEnd()})\necho "$ISSUED"\nJTI=$(echo "$ISSUED" | grep -o '"jti":"[^"]*"' | cut -d'"' -f4)\n`);
    script = script.replace('/_sandbox/admin/tokens/JTI', '/_sandbox/admin/tokens/$JTI');
    const run = spawnSync('bash', ['-eu', '-c', `${script}\nkill $! && wait $! || true`], { encoding: 'utf8', timeout: 5 * MINUTES });
    expect(run.status, `${run.stdout}\n${run.stderr}\n${readFileSync(path.join(dir, 'sandbox.log'), 'utf8')}`).toBe(0);
    const statuses = [...run.stdout.matchAll(/HTTP (\d{3})/g)].map((match) => Number(match[1]));
    // create, issue, list, show, suspend, reactivate, revoke, audit, delete
    expect(statuses, run.stdout).toEqual([201, 201, 200, 200, 200, 200, 200, 200, 200]);
    expect(run.stdout).toContain('"status":"suspended"');
    expect(run.stdout).toContain('"revoked":true');
    expect(run.stdout).toContain('"action":"token.revoke"');
    expect(run.stdout).toContain('"deleted":true');
    const adminToken = readFileSync(path.join(dir, 'admin-token'), 'utf8').trim();
    expect(run.stdout + readFileSync(path.join(dir, 'sandbox.log'), 'utf8')).not.toContain(adminToken);
  });
});
