export { startMock, PortInUseError, type StartMockOptions, type RunningMock, type RunningSandbox } from './http/server.js';
export type { CorsOptions, CorsSetting } from './http/cors.js';
export type { SandboxOptions } from './sandbox/create-sandbox.js';
export type { SpecSource } from './spec/load-spec.js';
export type { ErrorShape, Violation } from './types.js';
