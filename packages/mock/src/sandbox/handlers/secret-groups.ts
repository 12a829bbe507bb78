// Secret groups: POST /api/svc/v1/secret-groups creates a group unique by name (a duplicate answers 422).
// Secret values are stored and answered as references, never as the value sent.
import { newId } from '../record-ids.js';
import { placeRecord } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import { renameTenant } from '../seed/tenant-seed.js';
import type { Body } from '../store/record-store.js';
import { ok, refused } from './answer-builders.js';
import { subjectOf } from './caller-subject.js';
import { jsonBody } from './request-values.js';
import { templateOf } from './response-templates.js';
import type { SandboxServices } from './sandbox-handler.js';

export async function createSecretGroup(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const { name, integrationId, secrets } = jsonBody(ctx) as { name: string; integrationId: string; secrets: Array<{ key: string; value: string }> };
  const template = templateOf(services, 'createSecretGroup')?.data ?? {};
  const id = newId();
  const now = services.now().toISOString();
  const fqn = `${tenant}:secret-group:${name}`;
  const subject = await subjectOf(ctx.caller);
  const createdBy = String(subject.subjectSlug);
  const role = template.manifest?.collaborators?.[0]?.role_id ?? 'secret-group-admin';
  // The response shows where a value lives (a reference in the example's scheme), never the value.
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)/i.exec(String(template.associatedSecrets?.[0]?.value ?? ''))?.[1] ?? 'secret://';
  const body: Body = {
    id,
    fqn,
    tenantName: tenant,
    ...(typeof template.accountId === 'string' && { accountId: renameTenant(template.accountId, services.exampleTenant, tenant) }),
    integrationId,
    createdBySubject: subject,
    createdBy,
    createdAt: now,
    updatedAt: now,
    manifest: { type: 'secret-group', name, integration_fqn: integrationId, collaborators: [{ subject: ctx.caller.subject, role_id: role }] },
    associatedSecrets: secrets.map((secret) => {
      const secretId = newId();
      const reference = `${scheme}${tenant}:${name}:${secret.key}`;
      return {
        id: secretId,
        fqn: `${fqn}:${secret.key}`,
        name: secret.key,
        secretGroupId: id,
        value: reference,
        createdBy,
        createdAt: now,
        updatedAt: now,
        activeDeploymentsCount: 0,
        secretVersions: [
          { id: newId(), fqn: `${fqn}:${secret.key}:1`, value: `${reference}:1`, version: 1, secret: null, secretId, createdAt: now, updatedAt: now },
        ],
      };
    }),
  };
  const created = await services.store.insert(tenant, placeRecord('secret-group', id, body));
  if (!created) return refused(422, ['body', 'name'], 'unique', `body.name: a secret group named ${name} already exists in tenant ${tenant}`);
  return ok({ data: body });
}
