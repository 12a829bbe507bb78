// What one Streamable HTTP session costs: N `initialize` calls against the built server (--mock), once with every
// session on one shared tool table (createServerFactory, what the CLI serves) and once with a table per session
// (createApiMcpServer each time, as before), and the floor: the SDK's bare Server with no tools (what a session costs
// whatever we share); each in a process of its own, alternating rounds; heap and RSS per session after a full GC.
// Run after the build:
//   node packages/mcp/scripts/session-memory.mjs [sessions=2000] [rounds=2]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const [, , sessionsArg = '2000', roundsArg = '2', mode] = process.argv;
const sessions = Number(sessionsArg);
const rounds = Number(roundsArg);
const dist = new URL('../dist/index.js', import.meta.url);
const MODES = ['apart', 'shared', 'bare'];
const TITLES = { apart: 'a tool table per session (before)', shared: 'one shared tool table (createServerFactory)', bare: "the SDK's bare Server, no tools (floor)" };

if (mode !== undefined) {
  process.stdout.write(JSON.stringify(await measure(mode, sessions)));
} else {
  const results = Object.fromEntries(MODES.map((each) => [each, []]));
  for (let round = 0; round < rounds; round++) {
    for (const each of MODES) {
      const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), String(sessions), '1', each], { encoding: 'utf8' });
      results[each].push(JSON.parse(out));
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${sessions} initialize calls per process, ${rounds} rounds alternating, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const each of MODES) {
    const heap = median(results[each].map((r) => r.heapPerSession));
    const rss = median(results[each].map((r) => r.rssPerSession));
    console.log(`  ${TITLES[each].padEnd(42)}: heap ${(heap / 1024).toFixed(1)} KB, RSS ${(rss / 1024).toFixed(1)} KB per session`);
  }
}

async function measure(which, count) {
  const { connect, createApiMcpServer, createServerFactory, serveHttp, tools } = await import(dist);
  const connection = await connect({}, { mock: true });
  const factory = createServerFactory({ connection, tools });
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const bare = () => new Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
  const newServer = { shared: factory.newServer, apart: () => createApiMcpServer({ connection, tools }), bare }[which];
  const running = await serveHttp(newServer, { port: 0, host: '127.0.0.1', sessions: { max: count + 10 } });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'm', version: '1' } } });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const once = async () => {
    const res = await fetch(running.url, { method: 'POST', headers, body });
    await res.text();
    if (res.status !== 200) throw new Error(`initialize answered ${res.status}`);
  };
  for (let i = 0; i < 50; i++) await once(); // warm: modules, the fetch pool, JIT
  const settle = () => {
    for (let i = 0; i < 3; i++) globalThis.gc();
    return process.memoryUsage();
  };
  const before = settle();
  for (let i = 0; i < count; i++) await once();
  const after = settle();
  await running.close();
  return { heapPerSession: (after.heapUsed - before.heapUsed) / count, rssPerSession: (after.rss - before.rss) / count };
}
