// Issue 2: "Every 'not shown' of the seed is resolved in the element's description: what was chosen
// and why". One row per gap the spec fills: the element, and what its description must say.
import { describe, expect, it } from 'vitest';
import { at, doc, operation, parameter } from './lib/spec.js';

const S = 'components/schemas';
const rows: { gap: string; text: () => string; mustSay: RegExp[] }[] = [
  { gap: 'Endpoint 6: query parameter names (page size)', text: () => parameter('listAgentSessionTurns', 'limit', 'query').description, mustSay: [/limit/, /seed/i, /deployed/i] },
  { gap: 'Endpoint 6: query parameter names (page token)', text: () => parameter('listAgentSessionTurns', 'page_token', 'query').description, mustSay: [/page_token/, /seed/i, /deployed/i] },
  { gap: 'Endpoint 7: parameter names', text: () => operation('listAgentSkillVersions').op.description, mustSay: [/names/i, /deployed/i] },
  { gap: 'Endpoint 9: query parameter names', text: () => operation('getMetricCharts').op.description, mustSay: [/names/i, /deployed/i] },
  { gap: 'Endpoint 9: filterQuery "required for some scopes"', text: () => parameter('getMetricCharts', 'filterQuery', 'query').description, mustSay: [/some scopes/i, /400/] },
  { gap: 'Endpoint 8: header names', text: () => operation('getBatch').op.description, mustSay: [/header/i, /deployed/i] },
  ...['x-vendor-provider-name', 'x-vendor-azure-api-version', 'x-vendor-vertex-storage-bucket-name', 'x-vendor-vertex-region', 'x-vendor-provider-model', 'x-vendor-aws-s3-bucket', 'x-vendor-aws-bedrock-model', 'x-vendor-metadata'].map((h) => ({
    gap: `Endpoint 8: header name ${h}`,
    text: () => parameter('getBatch', h, 'header').description,
    mustSay: [/deployed service/i],
  })),
  { gap: 'Errors rule 3: status codes of terminate (403, 404, 417, 422)', text: () => operation('terminateJob').op.description, mustSay: [/403/, /404/, /417/, /422/, /deployed/i] },
  { gap: 'Errors rule 3: status codes of secret-group creation (422, 424)', text: () => operation('createSecretGroup').op.description, mustSay: [/422/, /424/, /deployed/i] },
  { gap: 'Errors rule 3: status codes of turns (400, 404, 412)', text: () => operation('listAgentSessionTurns').op.description, mustSay: [/400/, /404/, /412/, /deployed/i] },
  { gap: 'PUT /mcp: status when force is missing (417)', text: () => operation('createOrUpdateMcpServer').op.description, mustSay: [/417/, /force/] },
  { gap: 'Secret group creation: success status not shown', text: () => operation('createSecretGroup').op.description, mustSay: [/200/] },
  { gap: 'Authentication 6: how tokens are obtained and permissions', text: () => doc.info.description, mustSay: [/not part of this description|not show/i] },
  { gap: 'Limits: rate limits, request size limits, time-outs', text: () => doc.info.description, mustSay: [/rate limits/i, /not published/i] },
  { gap: 'Versioning 4: deprecation policy, compatibility, negotiation headers', text: () => doc.info.description, mustSay: [/deprecation/i, /not published/i] },
  { gap: 'subjectType: other values', text: () => at(`${S}/SubjectType/description`), mustSay: [/seed/i, /deployed/i] },
  { gap: 'Agent turn state.status: full set', text: () => at(`${S}/AgentTurnState/description`), mustSay: [/running/, /deployed/i] },
  { gap: 'Agent turn input item types', text: () => at(`${S}/AgentTurnInputItem/description`), mustSay: [/user\.message/, /deployed/i] },
  { gap: 'Batch status values', text: () => at(`${S}/Batch/description`), mustSay: [/status/, /seed does not/i] },
  { gap: 'File status values', text: () => at(`${S}/FileObject/description`), mustSay: [/processed/, /status/] },
  { gap: 'oauth2AuthStatus values', text: () => at(`${S}/McpServer/properties/oauth2AuthStatus/description`), mustSay: [/no values/i, /open string/i] },
  { gap: 'Model source types', text: () => at(`${S}/ModelVersionSource/description`), mustSay: [/vendor/, /external/, /local/, /deployed/i] },
  { gap: 'Agent skill source types', text: () => at(`${S}/AgentSkillSource/description`), mustSay: [/inline/, /deployed/i] },
  { gap: 'Framework types', text: () => at(`${S}/ModelFramework/description`), mustSay: [/transformers/, /deployed/i] },
  { gap: 'Chart types', text: () => at(`${S}/MetricChartType/description`), mustSay: [/line/, /deployed/i] },
  { gap: 'Model version manifest required-ness', text: () => at(`${S}/ModelVersionManifest/description`), mustSay: [/required/i, /seed does not/i] },
  { gap: 'Artifact version manifest required-ness', text: () => at(`${S}/ArtifactVersionManifest/description`), mustSay: [/required/i, /seed does not/i] },
  { gap: 'MCPServerAuth field lists', text: () => at(`${S}/McpServerAuth/description`), mustSay: [/deployed/i] },
  { gap: 'MCPServerEnvAuth field list', text: () => at(`${S}/McpServerEnvAuth/description`), mustSay: [/deployed/i] },
  { gap: 'vendor-managed OAuth auth field list', text: () => at(`${S}/VendorManagedOAuth2Auth/description`), mustSay: [/deployed/i] },
  { gap: 'MCPToolAnnotations field list', text: () => at(`${S}/McpToolAnnotations/description`), mustSay: [/deployed/i] },
  { gap: 'OpenAPISpecSource field list', text: () => at(`${S}/OpenApiSpecSource/description`), mustSay: [/deployed/i] },
  { gap: 'OpenAPIMCPToolSetting field list', text: () => at(`${S}/OpenApiMcpToolSetting/description`), mustSay: [/deployed/i] },
  { gap: 'enabled_tools element type', text: () => at(`${S}/McpServerSource/properties/enabled_tools/description`), mustSay: [/deployed/i] },
  { gap: 'Secret group manifest contents', text: () => at(`${S}/SecretGroupManifest/description`), mustSay: [/deployed|seed does not/i] },
  { gap: 'Secret group body required-ness', text: () => at(`${S}/CreateSecretGroupRequest/description`), mustSay: [/required/i] },
  { gap: 'Change password: newPassword length', text: () => at(`${S}/ChangePasswordRequest/properties/newPassword/description`), mustSay: [/8/, /deployed/i] },
  { gap: 'Signed URLs: operation (facts conflict resolved: optional, documented)', text: () => at(`${S}/GetSignedUrlsRequest/properties/operation/description`), mustSay: [/seed/i, /deployed/i] },
  { gap: 'Skill versions version: "latest" of older revisions (facts conflict resolved for the seed)', text: () => parameter('listAgentSkillVersions', 'version', 'query').description, mustSay: [/latest/, /seed/i] },
  { gap: 'Job run status values', text: () => at(`${S}/JobRunStatus/description`), mustSay: [/deployed/i] },
  { gap: 'Token type values', text: () => at(`${S}/TokenType/description`), mustSay: [/deployed/i] },
  { gap: 'Notification target types', text: () => at(`${S}/NotificationTarget/description`), mustSay: [/email/, /deployed/i] },
  { gap: 'PUT /mcp/{mcpServerId}/auth (referred to, not part of this spec)', text: () => at(`${S}/McpServerV2/properties/isAuthOverrideSupported/description`), mustSay: [/\/mcp\/\{mcpServerId\}\/auth/, /not part/i] },
  { gap: 'Control-plane error required fields (code/details optional)', text: () => at(`${S}/ControlPlaneError/description`), mustSay: [/code/, /details/, /required/i] },
];

describe('"not shown" gaps are resolved in a description', () => {
  it.each(rows)('$gap', ({ text, mustSay }) => {
    const t = text();
    expect(typeof t, 'description missing').toBe('string');
    for (const re of mustSay) expect(t).toMatch(re);
  });
});
