// ML: model versions (PUT creates the next version of ml_repo/name), artifact versions and their signed
// URLs, and ML repos (DELETE removes a repo with what it owns).
import { newId } from '../record-ids.js';
import { placeRecord } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import type { Body } from '../store/record-store.js';
import { hmacHex, hmacKey } from '../../core/web-crypto.js';
import { failed, notFound, ok, refused } from './answer-builders.js';
import { subjectOf } from './caller-subject.js';
import { jsonBody, pathValue } from './request-values.js';
import { templateOf } from './response-templates.js';
import type { SandboxServices } from './sandbox-handler.js';

export async function createOrUpdateModelVersion(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const manifest = withoutNulls(jsonBody(ctx).manifest as Body);
  const existingVersions = await services.store.list(tenant, 'model-version');
  const template = existingVersions[0]?.body ?? templateOf(services, 'createOrUpdateModelVersion')?.data ?? {};
  // The service derives a missing repo or name; the sandbox takes the example model's.
  const repoName = String(manifest.ml_repo ?? (template.manifest as any)?.ml_repo ?? '');
  const name = String(manifest.name ?? (template.manifest as any)?.name ?? '');
  const repo = await services.store.getByKey(tenant, 'ml-repo', repoName);
  // 422, the operation's documented answer to a body it cannot take: it documents no 404.
  if (!repo) return refused(422, ['body', 'manifest', 'ml_repo'], 'not_found', `ML repo ${repoName} not found`);
  const parent = `${repo.id}/${name}`;
  const createdBy = await subjectOf(ctx.caller);
  // Two writers may pick the same next version; the unique key refuses one, which then takes the next.
  for (let attempt = 0; attempt < 50; attempt++) {
    const siblings = (await services.store.list(tenant, 'model-version', parent)).map((r) => r.body);
    const version = Math.max(0, ...siblings.map((s) => Number((s.manifest as any)?.version) || 0)) + 1;
    const now = services.now().toISOString();
    const fqn = `model:${tenant}/${repoName}/${name}:${version}`;
    const body: Body = {
      id: newId(),
      fqn,
      created_by_subject: createdBy,
      manifest: { ...manifest, name, ml_repo: repoName, version },
      ml_repo_id: repo.id,
      model_id: (siblings[0]?.model_id as string | undefined) ?? newId(),
      created_at: now,
      updated_at: now,
      tags: [],
      ...(typeof manifest.version_alias === 'string' && { version_alias: manifest.version_alias }),
      ...(typeof template.usage_code_snippet === 'string' &&
        typeof template.fqn === 'string' && { usage_code_snippet: template.usage_code_snippet.split(template.fqn).join(fqn) }),
      metrics: [],
      ...(typeof template.deployable === 'boolean' && { deployable: template.deployable }),
    };
    if (await services.store.insert(tenant, placeRecord('model-version', String(body.id), body))) return ok({ data: body });
  }
  return failed(409, `Too many concurrent writes of ${repoName}/${name}; retry`);
}

function withoutNulls(manifest: Body): Body {
  return Object.fromEntries(Object.entries(manifest).filter(([, value]) => value !== null)) as Body;
}

export async function getArtifactVersion(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const id = pathValue(ctx, 'id');
  const record = await services.store.get(ctx.caller.tenant, 'artifact-version', id);
  if (!record) return notFound(['path', 'id'], `Artifact version ${id} not found`);
  return ok({ ...templateOf(services, 'getArtifactVersion'), data: record.body });
}

export async function getArtifactVersionSignedUrls(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const { id, paths, operation } = jsonBody(ctx) as { id: string; paths: string[]; operation?: string };
  const record = await services.store.get(tenant, 'artifact-version', id);
  if (!record) return notFound(['body', 'id'], `Artifact version ${id} not found`);
  const origin = exampleOrigin(services);
  const expires = Math.floor(services.now().getTime() / 1000) + 3600;
  const mode = operation ?? 'READ';
  const key = await hmacKey(services.urlKey);
  const data = await Promise.all(
    paths.map(async (path) => {
      const objectPath = `${tenant}/${record.id}/${path.split('/').map(encodeURIComponent).join('/')}`;
      const signature = await hmacHex(key, `${mode}\n${objectPath}\n${expires}`);
      return { path, signed_url: `${origin}/${objectPath}?operation=${mode}&expires=${expires}&signature=${signature}` };
    }),
  );
  return ok({ ...templateOf(services, 'getArtifactVersionSignedUrls'), data });
}

/** The storage host the signed URL example shows (https), so sandbox URLs look like the documented ones. */
function exampleOrigin(services: SandboxServices): string {
  const example = templateOf(services, 'getArtifactVersionSignedUrls');
  const url = example?.data?.[0]?.signed_url;
  try {
    const parsed = new URL(String(url));
    if (parsed.protocol === 'https:') return parsed.origin;
  } catch {
    // no usable example: fall through
  }
  return 'https://storage.sandbox.example';
}

export async function deleteMlRepo(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const id = pathValue(ctx, 'id');
  const deleted = await services.store.deleteWithOwned(ctx.caller.tenant, 'ml-repo', id);
  if (!deleted) return notFound(['path', 'id'], `ML repo ${id} not found`);
  return ok(templateOf(services, 'deleteMlRepo') ?? {});
}
