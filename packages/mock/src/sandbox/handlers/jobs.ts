// Jobs: POST /api/svc/v1/jobs/terminate moves a stored run to TERMINATION_REQUESTED; a finished run (or one
// already being terminated) answers 417.
import { parameterExample } from '../../spec/documented-examples.js';
import { jobRunId } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import { failed, notFound, ok } from './answer-builders.js';
import { queryValue } from './request-values.js';
import { templateOf } from './response-templates.js';
import { specOperationOf, type SandboxServices } from './sandbox-handler.js';

const FINISHED = new Set(['FINISHED', 'FAILED', 'TERMINATION_REQUESTED', 'TERMINATING', 'TERMINATED']);

export async function terminateJob(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const deploymentId = String(queryValue(ctx, 'deploymentId'));
  const jobRunName = String(queryValue(ctx, 'jobRunName'));
  const runs = await services.store.list(tenant, 'job-run');
  const ofDeployment = runs.filter((r) => r.body.deploymentId === deploymentId);
  if (ofDeployment.length === 0) return notFound(['query', 'deploymentId'], `Deployment ${deploymentId} not found`);
  const run = ofDeployment.find((r) => r.id === jobRunId(deploymentId, jobRunName));
  if (!run) return notFound(['query', 'jobRunName'], `Job run ${jobRunName} of deployment ${deploymentId} not found`);
  const status = String(run.body.status);
  if (FINISHED.has(status)) return failed(417, `Job run ${jobRunName} cannot be terminated: its status is ${status}.`);
  await services.store.update(tenant, 'job-run', run.id, { ...run.body, status: 'TERMINATION_REQUESTED' });
  const template = templateOf(services, 'terminateJob') ?? {};
  const exampleName = String(parameterExample(specOperationOf(services, ctx), 'jobRunName') ?? '');
  const message =
    typeof template.message === 'string' && exampleName !== '' && template.message.includes(exampleName)
      ? template.message.split(exampleName).join(jobRunName)
      : `Termination of job run ${jobRunName} requested.`;
  return ok({ ...template, message, jobRunStatus: 'TERMINATION_REQUESTED' });
}
