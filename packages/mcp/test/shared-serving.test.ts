// Sessions of one configuration share what does not differ between them: the tool table (each tool's listing and
// input schema), the argument check and the instructions. Two sessions' tools/list answers are the very same array.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test } from 'vitest';
import { connect } from '../src/api-connection.js';
import { createApiMcpServer, createServerFactory } from '../src/create-server.js';
import { tools } from '../src/generated/tools.js';

const connection = await connect({}, { mock: true, sandbox: false });

/** tools/list sent to `server` as raw JSON-RPC over an in-memory pair: the answer's objects as the server made them. */
async function listedBy(server: Server): Promise<unknown> {
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  await server.connect(theirs);
  const answers: JSONRPCMessage[] = [];
  const answered = (id: number) =>
    new Promise<Record<string, unknown>>((resolve) => {
      ours.onmessage = (message) => {
        answers.push(message);
        if ('id' in message && message.id === id && 'result' in message) resolve(message.result as Record<string, unknown>);
      };
    });
  await ours.start();
  const initialized = answered(1);
  await ours.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  await initialized;
  await ours.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const listed = answered(2);
  await ours.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const result = await listed;
  await server.close();
  return result.tools;
}

describe('a server factory', () => {
  test("gives every session the same tool table: two sessions' tools/list are one array, the factory's", async () => {
    const factory = createServerFactory({ connection, tools });
    const first = await listedBy(factory.newServer());
    const second = await listedBy(factory.newServer());
    expect(first).toBe(factory.shared.toolSet.listed);
    expect(second).toBe(first);
    expect((first as unknown[]).length).toBe(tools.length);
  });

  test('builds a table of their own for servers made apart (createApiMcpServer), listing the same tools', async () => {
    const apart = await listedBy(createApiMcpServer({ connection, tools }));
    const factory = createServerFactory({ connection, tools });
    const shared = await listedBy(factory.newServer());
    expect(apart).not.toBe(shared);
    expect(apart).toEqual(shared);
  });
});
