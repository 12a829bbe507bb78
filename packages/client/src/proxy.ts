import { fail } from './errors.js';

/** The placeholder the control plane puts in `proxyUrl` where the gateway base URL belongs. */
export const MCP_PROXY_PLACEHOLDER = '{{mcpProxyBaseURL}}';

/**
 * Turns an MCP server's `proxyUrl` template into a usable URL by replacing `{{mcpProxyBaseURL}}` with the
 * gateway base URL (without doubling the slash between them). `null`/`undefined` pass through unchanged.
 *
 * @example resolveProxyUrl('{{mcpProxyBaseURL}}/mcp/t/my-server/server', 'https://gateway.vendor.example/')
 *          // 'https://gateway.vendor.example/mcp/t/my-server/server'
 */
export function resolveProxyUrl(proxyUrl: string, gatewayBaseUrl: string): string;
export function resolveProxyUrl(proxyUrl: string | null | undefined, gatewayBaseUrl: string): string | null | undefined;
export function resolveProxyUrl(proxyUrl: string | null | undefined, gatewayBaseUrl: string): string | null | undefined {
  return proxyUrl == null
    ? proxyUrl
    : proxyUrl.split(MCP_PROXY_PLACEHOLDER).join((gatewayBaseUrl || fail('gatewayBaseUrl must be a non-empty string')).replace(/\/+$/, ''));
}
