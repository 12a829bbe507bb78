// Minimal valid values the suites mutate one rule at a time.
import { clone } from './spec.js';

export const common = {
  name: 'github-tools',
  description: 'GitHub tools.',
  collaborators: [{ subject: 'team:platform', role_id: 'mcp-server-manager' }],
};

/** One minimal valid manifest per variant: `type`, the common required fields, the variant's own required fields. */
export const manifests = {
  remote: { type: 'mcp-server/remote', ...common, url: 'https://mcp.example.com/mcp' },
  virtual: { type: 'mcp-server/virtual', ...common, servers: [{ name: 'github-tools' }] },
  openapi: {
    type: 'mcp-server/openapi',
    ...common,
    url: 'https://billing.example.com',
    openapi_spec_source: { type: 'remote', url: 'https://billing.example.com/openapi.json' },
  },
  stdio: { type: 'mcp-server/stdio', ...common, command: 'npx' },
  vendorManaged: { type: 'mcp-server/vendor-managed', ...common, server_identifier: 'slack' },
} as const;

export type VariantKey = keyof typeof manifests;

export const variants: {
  key: VariantKey;
  type: string;
  schema: string;
  /** the variant's own required fields (besides `type`), from the seed's variant table */
  own: string[];
  /** which tool-setting and auth schema the variant uses */
  toolSetting: string;
  auth: string | null;
}[] = [
  { key: 'remote', type: 'mcp-server/remote', schema: 'RemoteMcpServerManifest', own: ['url'], toolSetting: 'McpToolSetting', auth: 'McpServerAuth' },
  { key: 'virtual', type: 'mcp-server/virtual', schema: 'VirtualMcpServerManifest', own: ['servers'], toolSetting: '', auth: null },
  { key: 'openapi', type: 'mcp-server/openapi', schema: 'OpenApiMcpServerManifest', own: ['url', 'openapi_spec_source'], toolSetting: 'OpenApiMcpToolSetting', auth: 'McpServerAuth' },
  { key: 'stdio', type: 'mcp-server/stdio', schema: 'StdioMcpServerManifest', own: ['command'], toolSetting: 'McpToolSetting', auth: 'McpServerEnvAuth' },
  { key: 'vendorManaged', type: 'mcp-server/vendor-managed', schema: 'VendorManagedMcpServerManifest', own: ['server_identifier'], toolSetting: 'McpToolSetting', auth: 'VendorManagedOAuth2Auth' },
];

export function manifest(key: VariantKey, patch: Record<string, unknown> = {}): Record<string, any> {
  return { ...clone(manifests[key]), ...patch };
}

/** A valid tool setting for the variant's `tool_settings` items. */
export function toolSetting(kind: string, patch: Record<string, unknown> = {}): Record<string, unknown> {
  const base =
    kind === 'OpenApiMcpToolSetting'
      ? { method: 'get', path: '/invoices/{id}', name: 'get_invoice', description: 'Fetch one invoice.' }
      : { name: 'create_issue', description: 'Open an issue.' };
  return { ...base, ...patch };
}

/** Strings of an exact length. */
export const str = (n: number, ch = 'a') => ch.repeat(n);
/** A valid MCP server name of exactly n characters (starts with a letter, ends with a letter or digit). */
export const nameOf = (n: number) => (n <= 1 ? 'a'.repeat(Math.max(n, 0)) : `a${'b'.repeat(Math.max(n - 2, 0))}9`);
