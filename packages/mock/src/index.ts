export { startMock, PortInUseError, type StartMockOptions, type RunningMock, type RunningSandbox } from './server.js';
export type { CorsOptions, CorsSetting } from './cors.js';
export type { SandboxOptions } from './sandbox/index.js';
export type { SpecSource } from './spec.js';
export type { ErrorShape, Violation } from './types.js';
