// The attack suite's ground: a shared sandbox (and the stateless mock) in this process, a hostile tenant and a
// bystander. After each attack the bystander must still be served: the point of the suite is that no tenant can
// take the service from another. Waits are generous (minutes): the suite asserts behaviour, never speed.
import { startMock, type RunningMock, type RunningSandbox } from '../../src/index.js';
import type { LimitOptions } from '../../src/index.js';

export const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m';
export const MCP_PATH = '/api/svc/v1/mcp';
/** How long a bystander's request may take on a busy machine before the suite calls the service down. */
export const BYSTANDER_WAIT_MS = 120_000;

export interface Tenants {
  sandbox: RunningSandbox;
  attacker: string;
  bystander: string;
  warnings: string[];
}

export async function startSharedSandbox(limits: LimitOptions = {}): Promise<Tenants> {
  const warnings: string[] = [];
  const sandbox = await startMock({ sandbox: { secret: 'attack-suite-secret', shared: true, rateLimit: 0, ...limits }, onWarning: (line) => warnings.push(line) });
  return { sandbox, attacker: await sandbox.token('mallory'), bystander: await sandbox.token('bystander'), warnings };
}

export async function startStatelessMock(): Promise<{ mock: RunningMock; warnings: string[] }> {
  const warnings: string[] = [];
  const mock = await startMock({ onWarning: (line) => warnings.push(line) });
  return { mock, warnings };
}

/** A GET of a documented team by another tenant (or any caller of the stateless mock): its status. */
export async function bystanderStatus(url: string, token = 'bystander-token'): Promise<number> {
  const res = await fetch(`${url}/api/svc/v1/teams/${TEAM_ID}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(BYSTANDER_WAIT_MS) });
  await res.arrayBuffer();
  return res.status;
}

/** A JSON array of `count` large numbers: valid JSON, and refused by PUT /api/svc/v1/mcp (it wants an object). */
export function numberArray(bytes: number): string {
  const item = '1e20,';
  const count = Math.floor((bytes - 2) / item.length);
  return `[${item.repeat(count)}1e20]`;
}

/** JSON nested `depth` levels in arrays: `[[[...]]]`. */
export function nested(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

export async function put(url: string, path: string, token: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(BYSTANDER_WAIT_MS),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

export async function readJournal(url: string, token: string, query = ''): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/_mock/requests${query}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(BYSTANDER_WAIT_MS) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}
