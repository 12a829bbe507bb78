// Lookups by id of records the sandbox only reads: batches, files and response input items (gateway, the
// record is the whole body), teams and virtual accounts (control plane, in the example's envelope).
import type { SandboxAnswer } from '../../pipeline/seams.js';
import { notFound } from './answer-builders.js';
import { envelopeOf, okFrozen } from './frozen-json.js';
import { pathValue } from './request-values.js';
import { templateOf } from './response-templates.js';
import type { OperationId, SandboxHandler } from './sandbox-handler.js';

export const getBatch = byIdUnwrapped('batch');
export const getFile = byIdUnwrapped('file');
export const listResponseInputItems = byIdUnwrapped('input-items');
export const getTeam = byIdInEnvelope('team', 'getTeam');
export const getVirtualAccount = byIdInEnvelope('virtual-account', 'getVirtualAccount');

function byIdUnwrapped(kind: string): SandboxHandler {
  return async (services, ctx): Promise<SandboxAnswer> => {
    const id = pathValue(ctx, 'id');
    const record = await services.store.get(ctx.caller.tenant, kind, id);
    if (!record) return notFound(['path', 'id'], `No ${kind.replace('-', ' ')} with id ${id}`);
    return okFrozen(record.body);
  };
}

function byIdInEnvelope(kind: string, operationId: OperationId): SandboxHandler {
  return async (services, ctx): Promise<SandboxAnswer> => {
    const id = pathValue(ctx, 'id');
    const record = await services.store.get(ctx.caller.tenant, kind, id);
    if (!record) return notFound(['path', 'id'], `No ${kind.replace('-', ' ')} with id ${id}`);
    return okFrozen(envelopeOf(templateOf(services, operationId), record.body));
  };
}
