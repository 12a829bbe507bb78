// @vendor/api-mcp as a library: the tools and the server, for hosts that embed it rather than run the bin.
export { connect, ConfigurationError, ENVIRONMENT, type ApiConnection, type ConnectionOptions } from './api-connection.js';
export { createApiMcpServer, createServerFactory, type ServerFactory, type ServerOptions, type SharedServing } from './create-server.js';
export { tools } from './generated/tools.js';
export { serveHttp, MCP_PATH, type RunningHttpServer } from './serve-http.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, type SessionLimits } from './session-registry.js';
export type { JsonSchema, ToolDescriptor } from './tool-descriptor.js';
export { selectTools, ToolSelectionError, whyNotServed, type ToolSelection } from './tool-selection.js';
export { CALL_OPERATION, DESCRIBE_OPERATION, LIST_OPERATIONS } from './dynamic-tools.js';
export type { ToolMode } from './tool-set.js';
