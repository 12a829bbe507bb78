// Every gap the seed leaves open ("not shown") is filled, and the element that fills it says where the
// value came from as data: `x-provenance: service` (a fact about the real service and its SDKs) or
// `x-provenance: assumption` (our choice, with `x-provenance-note` saying which). Partner-facing prose
// stays about the API; prose.test.ts bans any mention of where a fact was learnt.
import { describe, expect, it } from 'vitest';
import { getAtPointer, resolveRef } from '@vendor/spec-model';
import { doc, operation, parameter, response } from './lib/spec.js';

const S = '#/components/schemas';
const HEADERS = ['x-vendor-provider-name', 'x-vendor-azure-api-version', 'x-vendor-vertex-storage-bucket-name', 'x-vendor-vertex-region', 'x-vendor-provider-model', 'x-vendor-aws-s3-bucket', 'x-vendor-aws-bedrock-model', 'x-vendor-metadata'];

/** One gap, the element that fills it, and the kind of provenance that element must carry. */
const marked: { gap: string; element: () => any; kind: 'service' | 'assumption' }[] = [
  { gap: 'Endpoint 6: page size parameter name', element: () => parameter('listAgentSessionTurns', 'limit', 'query'), kind: 'service' },
  { gap: 'Endpoint 6: page token parameter name', element: () => parameter('listAgentSessionTurns', 'page_token', 'query'), kind: 'service' },
  { gap: 'Endpoint 7: parameter names', element: () => operation('listAgentSkillVersions').op, kind: 'service' },
  { gap: 'Endpoint 9: query parameter names', element: () => operation('getMetricCharts').op, kind: 'service' },
  ...HEADERS.map((h) => ({ gap: `Endpoint 8: header name ${h}`, element: () => parameter('getBatch', h, 'header'), kind: 'service' as const })),
  { gap: 'Errors rule 3: status codes of terminate (403, 404, 417, 422)', element: () => operation('terminateJob').op, kind: 'service' },
  ...['422', '424'].map((code) => ({ gap: `Errors rule 3: secret-group creation ${code}`, element: () => response('createSecretGroup', code), kind: 'service' as const })),
  ...['400', '404', '412'].map((code) => ({ gap: `Errors rule 3: turns ${code}`, element: () => response('listAgentSessionTurns', code), kind: 'service' as const })),
  { gap: 'PUT /mcp: status when force is missing (417)', element: () => response('createOrUpdateMcpServer', '417'), kind: 'service' },
  { gap: 'Secret group creation: success status', element: () => response('createSecretGroup', '200'), kind: 'assumption' },
  { gap: 'Change password: error responses', element: () => response('changePassword', '400'), kind: 'assumption' },
  { gap: 'Gateway lookups: 404 for an unknown id', element: () => response('getBatch', '404'), kind: 'assumption' },
  { gap: 'Files: 400 for a missing provider header', element: () => response('getFile', '400'), kind: 'assumption' },
  { gap: '401 on operations with open error lists', element: () => response('getTeam', '401'), kind: 'assumption' },
  { gap: 'subjectType: other values', element: () => getAtPointer(doc, `${S}/SubjectType`), kind: 'service' },
  { gap: 'Agent turn state.status: full set and fields', element: () => getAtPointer(doc, `${S}/AgentTurnState`), kind: 'service' },
  { gap: 'Agent turn input item types', element: () => getAtPointer(doc, `${S}/AgentTurnInputItem`), kind: 'service' },
  { gap: 'Batch status values', element: () => getAtPointer(doc, `${S}/BatchStatus`), kind: 'service' },
  { gap: 'File status values', element: () => getAtPointer(doc, `${S}/FileStatus`), kind: 'service' },
  { gap: 'oauth2AuthStatus values (none published: open string)', element: () => getAtPointer(doc, `${S}/McpServer/properties/oauth2AuthStatus`), kind: 'service' },
  { gap: 'Model source types', element: () => getAtPointer(doc, `${S}/ModelVersionSource`), kind: 'service' },
  { gap: 'Agent skill source types', element: () => getAtPointer(doc, `${S}/AgentSkillSource`), kind: 'service' },
  { gap: 'Framework types', element: () => getAtPointer(doc, `${S}/ModelFramework`), kind: 'service' },
  { gap: 'Chart types', element: () => getAtPointer(doc, `${S}/MetricChartType`), kind: 'service' },
  { gap: 'Model version manifest required-ness', element: () => getAtPointer(doc, `${S}/ModelVersionManifest`), kind: 'service' },
  { gap: 'Artifact version manifest required-ness', element: () => getAtPointer(doc, `${S}/ArtifactVersionManifest`), kind: 'service' },
  { gap: 'MCPServerAuth field lists', element: () => getAtPointer(doc, `${S}/McpServerAuth`), kind: 'service' },
  { gap: 'MCPServerEnvAuth field list', element: () => getAtPointer(doc, `${S}/McpServerEnvAuth`), kind: 'service' },
  { gap: 'vendor-managed OAuth auth field list', element: () => getAtPointer(doc, `${S}/VendorManagedOAuth2Auth`), kind: 'service' },
  { gap: 'OAuth use_organization type', element: () => getAtPointer(doc, `${S}/McpOAuth2Auth/properties/use_organization`), kind: 'assumption' },
  { gap: 'MCPToolAnnotations field list', element: () => getAtPointer(doc, `${S}/McpToolAnnotations`), kind: 'service' },
  { gap: 'OpenAPISpecSource field list', element: () => getAtPointer(doc, `${S}/OpenApiSpecSource`), kind: 'service' },
  { gap: 'OpenAPIMCPToolSetting field list', element: () => getAtPointer(doc, `${S}/OpenApiMcpToolSetting`), kind: 'service' },
  { gap: 'enabled_tools element type', element: () => getAtPointer(doc, `${S}/McpServerSource/properties/enabled_tools`), kind: 'service' },
  { gap: 'Secret group manifest contents', element: () => getAtPointer(doc, `${S}/SecretGroupManifest`), kind: 'service' },
  { gap: 'Secret group body required-ness', element: () => getAtPointer(doc, `${S}/CreateSecretGroupRequest`), kind: 'assumption' },
  { gap: 'Change password: newPassword length', element: () => getAtPointer(doc, `${S}/ChangePasswordRequest/properties/newPassword`), kind: 'service' },
  { gap: 'Signed URLs: operation (conflict resolved: optional, documented)', element: () => getAtPointer(doc, `${S}/GetSignedUrlsRequest/properties/operation`), kind: 'service' },
  { gap: 'Skill versions version: older revisions took "latest" (conflict resolved: positive integer)', element: () => parameter('listAgentSkillVersions', 'version', 'query'), kind: 'service' },
  { gap: 'Job run status values', element: () => getAtPointer(doc, `${S}/JobRunStatus`), kind: 'service' },
  { gap: 'Token type values', element: () => getAtPointer(doc, `${S}/TokenType`), kind: 'service' },
  { gap: 'Notification target types', element: () => getAtPointer(doc, `${S}/NotificationTargetType`), kind: 'service' },
  { gap: 'Control-plane error: code and details optional, code a number or a string', element: () => getAtPointer(doc, `${S}/ControlPlaneError`), kind: 'service' },
  { gap: 'Gateway error: only message always present', element: () => getAtPointer(doc, `${S}/GatewayError`), kind: 'service' },
  { gap: 'MCP server read form manifest: lenient view', element: () => getAtPointer(doc, `${S}/McpServerManifestView`), kind: 'service' },
];

describe('gaps are filled, and the filling element records its provenance as data', () => {
  it.each(marked)('$gap: x-provenance $kind', ({ element, kind }) => {
    const el = resolveRef(doc, element());
    expect(el, 'element missing').toBeTruthy();
    expect(el['x-provenance']).toBe(kind);
    if (kind === 'assumption') expect(typeof el['x-provenance-note'], 'an assumption says what was chosen').toBe('string');
  });
});

// Gaps whose answer is prose about the API itself (what is not published, what a parameter needs).
const described: { gap: string; text: () => string; mustSay: RegExp[] }[] = [
  { gap: 'Endpoint 9: filterQuery "required for some scopes"', text: () => parameter('getMetricCharts', 'filterQuery', 'query').description, mustSay: [/some scopes/i, /400/] },
  { gap: 'PUT /mcp: force rule answers 417', text: () => operation('createOrUpdateMcpServer').op.description, mustSay: [/417/, /force/] },
  { gap: 'Secret group creation: any 2xx is success, and no automatic retry', text: () => operation('createSecretGroup').op.description, mustSay: [/2xx/, /422/, /never retry/i] },
  { gap: 'Authentication 6: how tokens are obtained and permissions', text: () => doc.info.description, mustSay: [/not part of this description/i] },
  { gap: 'Limits: rate limits, request size limits, time-outs', text: () => doc.info.description, mustSay: [/rate limits/i, /not published/i] },
  { gap: 'Versioning 4: deprecation policy, compatibility, negotiation headers', text: () => doc.info.description, mustSay: [/deprecation/i, /not published/i] },
  { gap: 'Errors: no catalogue of error codes', text: () => doc.info.description, mustSay: [/no catalogue of error codes/i] },
  { gap: 'PUT /mcp/{mcpServerId}/auth (referred to, not part of this spec)', text: () => getAtPointer(doc, `${S}/McpServerV2/properties/isAuthOverrideSupported/description`), mustSay: [/\/mcp\/\{mcpServerId\}\/auth/, /not part/i] },
];

describe('gaps answered in prose about the API', () => {
  it.each(described)('$gap', ({ text, mustSay }) => {
    const t = text();
    expect(typeof t, 'description missing').toBe('string');
    for (const re of mustSay) expect(t).toMatch(re);
  });
});

describe('provenance marks are well-formed everywhere', () => {
  const marks: { where: string; value: unknown; hasNote: boolean }[] = [];
  (function walk(node: any, where: string) {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    if ('x-provenance' in node || 'x-provenance-note' in node) marks.push({ where, value: node['x-provenance'], hasNote: 'x-provenance-note' in node });
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  })(doc, '#');

  it('the document carries marks of both kinds', () => {
    expect(marks.filter((m) => m.value === 'service').length).toBeGreaterThan(10);
    expect(marks.filter((m) => m.value === 'assumption').length).toBeGreaterThan(3);
  });

  it.each(marks)('$where: x-provenance is service or assumption', ({ value }) => {
    expect(['service', 'assumption']).toContain(value);
  });
});
