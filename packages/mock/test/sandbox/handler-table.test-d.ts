// Compile-time checks of the sandbox's handler table, run by `tsc --noEmit` (npm run lint): the table is typed
// against the contract's operationIds, so an operationId the contract does not have, or an operation left out,
// does not compile. Each @ts-expect-error fails the check if the line after it compiles.
import { SANDBOX_HANDLERS, STATELESS_OPERATIONS, type SandboxHandlerTable } from '../../src/sandbox/handlers/handler-table.js';
import type { OperationId, SandboxHandler } from '../../src/sandbox/handlers/sandbox-handler.js';

declare const handler: SandboxHandler;

/** The table as it is compiles (the control: the checks below fail for the reason they name). */
export const asItIs: SandboxHandlerTable = { ...SANDBOX_HANDLERS };
export const stateless: readonly OperationId[] = STATELESS_OPERATIONS;

/** A renamed operation: getTeams is no operationId of the contract (getTeam is). */
export const renamed: SandboxHandlerTable = {
  ...SANDBOX_HANDLERS,
  // @ts-expect-error 'getTeams' does not exist in type 'SandboxHandlerTable'
  getTeams: handler,
};

/** An operation with state but no handler would silently fall back to the stateless answers. */
const { getTeam: _getTeam, ...withoutGetTeam } = SANDBOX_HANDLERS;
// @ts-expect-error Property 'getTeam' is missing in type ... but required in type 'SandboxHandlerTable'
export const missing: SandboxHandlerTable = withoutGetTeam;

/** An operation left to the stateless answers has no handler. */
export const both: SandboxHandlerTable = {
  ...SANDBOX_HANDLERS,
  // @ts-expect-error 'changePassword' does not exist in type 'SandboxHandlerTable'
  changePassword: handler,
};

/** The list of stateless operations is checked too. */
// @ts-expect-error Type '"getMetricChart"' is not assignable to type 'keyof operations'
export const typo = ['getMetricChart'] as const satisfies readonly OperationId[];
