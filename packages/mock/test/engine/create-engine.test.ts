// The engine runs on the operation table it is handed (contract/ builds it once per start); it builds none of its own.
import { describe, expect, it } from 'vitest';
import { bundledContract } from '../../src/contract/bundled-contract.js';
import type { Contract } from '../../src/contract/contract.js';
import { createEngine } from '../../src/engine/create-engine.js';
import { fetchReply, fetchRequest } from '../../src/fetch/fetch-exchange.js';

const noPrism = async () => {
  throw new Error('not needed');
};

function ask(contract: Contract, path: string): Promise<Response> {
  const engine = createEngine({ contract, prism: noPrism, sandbox: undefined, warn: () => {} }, { journalSize: 0 });
  const request = new Request(`http://mock.local${path}`, { headers: { authorization: 'Bearer test-token' } });
  return new Promise((resolve, reject) => {
    engine.handle(fetchRequest(request, new URL(request.url)), fetchReply(resolve, reject)).catch(reject);
  });
}

describe('createEngine', () => {
  const contract = bundledContract();
  const getTeam = contract.operation('getTeam');
  const teamPath = getTeam.path.replace('{id}', String(getTeam.parameters.find((p) => p.in === 'path')!.example));

  it('answers an operation of the table it is handed', async () => {
    const answer = await ask(contract, teamPath);
    expect(answer.status).toBe(200);
  });

  it('knows only the operations of that table: one left out of it is not found', async () => {
    const without = { ...contract, operations: contract.operations.filter((op) => op !== getTeam) };
    const answer = await ask(without, teamPath);
    expect(answer.status).toBe(404);
  });
});
