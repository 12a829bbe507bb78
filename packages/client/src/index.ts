export {
  createPlatformClient,
  isPlatformApiError,
  type ControlPlanePaths,
  type FetchFunction,
  type GatewayPaths,
  type LogLevel,
  type Logger,
  type PlatformClient,
  type PlatformClientOptions,
  type PlatformMethods,
  type PlatformPagedIterators,
  type TokenProvider,
} from './client.js';
export { PlatformApiError, PlatformConnectionError, PlatformError, PlatformTimeoutError } from './errors.js';
export {
  PlatformHookError,
  type ErrorHookContext,
  type HookContext,
  type HookHeaders,
  type HookName,
  type HookRequest,
  type PlatformHooks,
  type RequestHookContext,
  type ResponseHookContext,
  type RetryHookContext,
} from './hooks.js';
export { resolveProxyUrl, MCP_PROXY_PLACEHOLDER } from './proxy.js';
export { operations, type OperationId, type ControlPlanePath, type GatewayPath } from './generated/operations.js';
export type { AgentSessionTurn, AgentSkillVersionItem } from './generated/iterators.js';
export type { OperationErrorBodies, OperationErrorStatuses, PlatformOperations } from './generated/methods.js';
export type {
  CallOptions,
  MethodArgs,
  MethodInit,
  MethodResult,
  PagedIterator,
  PageWithResponse,
  WithResponse,
  WithResponseForm,
} from './method-types.js';
export type { OperationDescriptor } from './descriptor.js';
