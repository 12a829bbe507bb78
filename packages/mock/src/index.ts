export { startMock, PortInUseError, type StartMockOptions, type RunningMock } from './server.js';
export type { CorsOptions, CorsSetting } from './cors.js';
export type { SpecSource } from './spec.js';
export type { ErrorShape, Violation } from './types.js';
