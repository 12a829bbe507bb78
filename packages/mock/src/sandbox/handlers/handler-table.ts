// Which handler answers which operation, typed against the contract's operationIds. Every operation is
// either in SANDBOX_HANDLERS or in STATELESS_OPERATIONS, never both and never neither: a renamed, added or
// removed operation fails to compile here, instead of silently falling back to the stateless answers.
import { getAgentSkill, listAgentSessionTurns, listAgentSkillVersions } from './agents.js';
import { terminateJob } from './jobs.js';
import { getBatch, getFile, getTeam, getVirtualAccount, listResponseInputItems } from './lookups.js';
import { createOrUpdateMcpServer, getMcpServer } from './mcp-servers.js';
import { createOrUpdateModelVersion, deleteMlRepo, getArtifactVersion, getArtifactVersionSignedUrls } from './ml.js';
import type { OperationId, SandboxHandler } from './sandbox-handler.js';
import { createSecretGroup } from './secret-groups.js';

/** Operations that hold no state: the sandbox leaves them to the stateless answers (examples, Prism). */
export const STATELESS_OPERATIONS = ['getMetricCharts', 'changePassword'] as const satisfies readonly OperationId[];

export type StatefulOperationId = Exclude<OperationId, (typeof STATELESS_OPERATIONS)[number]>;

/** Exactly one handler per operation that reads or writes state: a missing or an unknown key does not compile. */
export type SandboxHandlerTable = { readonly [operationId in StatefulOperationId]: SandboxHandler };

export const SANDBOX_HANDLERS: SandboxHandlerTable = {
  createOrUpdateMcpServer,
  getMcpServer,
  createOrUpdateModelVersion,
  getArtifactVersion,
  getArtifactVersionSignedUrls,
  deleteMlRepo,
  createSecretGroup,
  listAgentSessionTurns,
  listAgentSkillVersions,
  getAgentSkill,
  getBatch,
  getFile,
  listResponseInputItems,
  getTeam,
  getVirtualAccount,
  terminateJob,
};

const byOperationId = new Map<string, SandboxHandler>(Object.entries(SANDBOX_HANDLERS));

/**
 * The handler of an operation of the spec being served, or undefined (stateless). The served spec may be
 * another than the contract (startMock({ spec })), so the lookup is by plain string.
 */
export function handlerFor(operationId: string): SandboxHandler | undefined {
  return byOperationId.get(operationId);
}
